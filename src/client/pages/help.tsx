import { Box, Container, Link, Stack } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'
import { UserMenu } from '../features/auth'
import { HelpContent } from '../features/help/help-content'

/** /help and /protected/help: the static /help.md rendered with the answers' Markdown styles. */
export default function HelpPage() {
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <AppBar userMenu={<UserMenu />} />
      <Container as="main" maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="4">
          <HelpContent />
          <Link asChild color="cyan.fg" fontWeight="medium">
            <RouterLink to="/protected/chat">Ir al chat</RouterLink>
          </Link>
        </Stack>
      </Container>
    </Box>
  )
}
