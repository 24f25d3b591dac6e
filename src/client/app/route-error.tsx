import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { useRouteError } from 'react-router'

/** Last resort when a page throws or its code cannot load (e.g. after a deploy): offer a reload. */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <Center as="main" minH="100dvh" px="6">
      <Stack gap="4" textAlign="center" maxW="md" align="center">
        <Heading as="h1" size="2xl">
          Algo salió mal
        </Heading>
        <Text color="fg.muted">
          Ocurrió un error al mostrar esta página. Recarga para intentarlo de nuevo.
        </Text>
        <Button onClick={() => window.location.reload()}>Recargar la página</Button>
      </Stack>
    </Center>
  )
}
