import { Flex, HStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { ColorModeToggle } from './color-mode'
import { LogoLink } from './logo'

/** Height of the bar on the full-screen signed-in pages (spec §2: chat header 64px). */
export const APP_BAR_HEIGHT = '64px'

/**
 * Top bar of the signed-in full-screen pages: logo, extra controls, light/dark toggle and, last, the user menu, which
 * the page passes in (it belongs to the auth feature, which components/ does not import).
 */
export function AppBar({ children, userMenu }: { children?: ReactNode; userMenu?: ReactNode }) {
  return (
    <Flex
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex={10}
      h={APP_BAR_HEIGHT}
      px={{ base: '3', md: '5' }}
      align="center"
      justify="space-between"
      gap="3"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <LogoLink size={7} />
      <HStack gap="2">
        {children}
        <ColorModeToggle />
        {userMenu}
      </HStack>
    </Flex>
  )
}
