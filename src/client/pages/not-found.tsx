import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <Center as="main" flex="1" px="6" py="20">
      <Stack gap="4" textAlign="center" align="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="cyan.fg" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          Página no encontrada
        </Heading>
        <Text color="fg.muted">La página que buscas no existe o fue movida.</Text>
        <Button asChild>
          <RouterLink to="/">Volver al inicio</RouterLink>
        </Button>
      </Stack>
    </Center>
  )
}
