import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'

/** /help and /protected/help: placeholder; the help text will come from /help.md. */
export default function HelpPage() {
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <AppBar />
      <Container as="main" maxW="3xl" py="12">
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Ayuda
          </Heading>
          <Text color="fg.muted">Aquí encontrarás pronto la guía para usar Lexia.</Text>
          <Link asChild color="cyan.fg" fontWeight="medium">
            <RouterLink to="/protected/chat">Ir al chat</RouterLink>
          </Link>
        </Stack>
      </Container>
    </Box>
  )
}
