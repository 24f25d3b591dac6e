import { Button, Container, Flex, HStack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { ColorModeToggle } from './color-mode'
import { LogoLink } from './logo'

/** Top padding of a page under the public header (spec §9). */
export const PUBLIC_HEADER_OFFSET = '72px'

/** The fixed public header of spec §2: logo, light/dark toggle and 'Entrar'. */
export function PublicHeader() {
  return (
    <Flex
      as="header"
      data-testid="public-header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex={10}
      h="64px"
      align="center"
      bg={{ base: 'rgba(255, 255, 255, 0.85)', _dark: 'rgba(9, 9, 11, 0.8)' }}
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="6xl" display="flex" alignItems="center" justifyContent="space-between" gap="4">
        <LogoLink />
        <HStack gap="2">
          <ColorModeToggle />
          <Button asChild size="sm" data-testid="header-sign-in">
            <RouterLink to="/auth">Entrar</RouterLink>
          </Button>
        </HStack>
      </Container>
    </Flex>
  )
}
