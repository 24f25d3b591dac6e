import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'
import { useAuth } from '../features/auth/provider'

/** /chat and /protected/chat: placeholder until the chat feature lands. */
export default function ChatPage() {
  const { user } = useAuth()
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <AppBar />
      <Center as="main" minH={`calc(100dvh - ${APP_BAR_HEIGHT})`} px="6">
        <Stack gap="3" textAlign="center" maxW="lg">
          <Heading as="h1" size="2xl" data-testid="chat-greeting">
            Hola, {user?.email}
          </Heading>
          <Text color="fg.muted">Pronto podrás conversar aquí con los agentes de Lexia.</Text>
        </Stack>
      </Center>
    </Box>
  )
}
