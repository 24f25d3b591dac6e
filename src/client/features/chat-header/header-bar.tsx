import { Flex, type FlexProps } from '@chakra-ui/react'
import { APP_BAR_HEIGHT } from '../../components/app-bar'

/**
 * The chat header's bar (spec §2: 64px), fixed at the top from `left` to the window's right edge: the header
 * itself, and the empty bar the chat page shows while it loads (decision 0036), so both stand in the same place.
 */
export function ChatHeaderBar(props: FlexProps & { left: FlexProps['left'] }) {
  return (
    <Flex
      as="header"
      position="fixed"
      top="0"
      right="0"
      zIndex={10}
      h={APP_BAR_HEIGHT}
      align="center"
      justify="space-between"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border.muted"
      {...props}
    />
  )
}
