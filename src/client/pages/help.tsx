import { Box, Container, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'
import { HELP_QUERY } from '../features/help/load-help'

const Markdown = lazy(() => import('../components/markdown'))

/** /help and /protected/help: the static /help.md rendered with the answers' Markdown styles. */
export default function HelpPage() {
  const help = useQuery(HELP_QUERY)
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <AppBar />
      <Container as="main" maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="4">
          {help.isPending && <Spinner aria-label="Cargando ayuda" />}
          {help.isError && (
            <Text color="fg.error" role="alert">
              Error loading content
            </Text>
          )}
          {help.data && (
            <Suspense fallback={<Spinner aria-label="Cargando ayuda" />}>
              <Box data-testid="help-content" fontSize="md">
                <Markdown>{help.data}</Markdown>
              </Box>
            </Suspense>
          )}
          <Link asChild color="cyan.fg" fontWeight="medium">
            <RouterLink to="/protected/chat">Ir al chat</RouterLink>
          </Link>
        </Stack>
      </Container>
    </Box>
  )
}
