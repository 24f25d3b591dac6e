import { Box, Card, Center, Container, Flex, Heading, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { ColorModeToggle } from '../../../components/color-mode'
import { LogoLink } from '../../../components/logo'

/** Full-screen auth layout: logo and light/dark toggle on top, a centred card below. */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header">
        <Container maxW="6xl" h="64px" display="flex" alignItems="center" justifyContent="space-between">
          <LogoLink />
          <ColorModeToggle />
        </Container>
      </Box>
      <Center as="main" flex="1" px="4" py={{ base: '6', md: '12' }}>
        <Card.Root w="full" maxW="md" shadow="md" rounded="2xl" data-testid="auth-card">
          <Card.Body gap="6" p={{ base: '6', md: '8' }}>
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {title}
            </Heading>
            <Stack gap="5">{children}</Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </Flex>
  )
}
