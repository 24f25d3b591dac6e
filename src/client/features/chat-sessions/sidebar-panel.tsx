import { Flex, type FlexProps } from '@chakra-ui/react'

export const SIDEBAR_ID = 'chat-sidebar'
/** Spec §9: 320px on desktop, 85vw on mobile. */
export const SIDEBAR_WIDTH_PX = 320
export const SIDEBAR_WIDTH = { base: '85vw', md: `${SIDEBAR_WIDTH_PX}px` } as const

/**
 * The sidebar's panel, fixed along the window's left edge: the sidebar itself, and the empty panel the chat page
 * shows while it loads (decision 0036), so both stand in the same place.
 */
export function SidebarPanel(props: FlexProps) {
  return (
    <Flex
      as="aside"
      aria-label="Historial de chats"
      direction="column"
      position="fixed"
      top="0"
      left="0"
      bottom="0"
      w={SIDEBAR_WIDTH}
      bg="bg.panel"
      borderRightWidth="1px"
      borderColor="border.muted"
      {...props}
    />
  )
}
