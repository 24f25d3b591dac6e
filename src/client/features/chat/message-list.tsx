import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import type { ChatEntry, Pending } from './chat-types'
import { LoadingIndicator } from './loading-indicator'

type Props = {
  entries: ChatEntry[]
  pending: Pending | null
  onOpenSources: (entry: ChatEntry) => void
}

// react-markdown and GFM are a third of the chat's JS: they load with the first answer, not with the page.
const Markdown = lazy(() => import('./markdown'))

/** The conversation: questions on the right, answers (Markdown) on the left with their sources button. */
export function MessageList({ entries, pending, onOpenSources }: Props) {
  if (entries.length === 0 && !pending) {
    return (
      <Stack gap="2" textAlign="center" color="fg.muted" py="16" px="4">
        <Text fontSize="lg" fontWeight="semibold" color="fg">
          ¿En qué te puedo ayudar?
        </Text>
        <Text fontSize="sm">
          Pregunta como lo dirías a un abogado: «me botaron del trabajo sin aviso», «cuánto dura el mandato
          presidencial», «art. 112 CP».
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap="4" py="4" as="ol" listStyleType="none" aria-label="Conversación">
      {entries.map((entry) => (
        <Flex as="li" key={entry.id} justify={entry.role === 'user' ? 'flex-end' : 'flex-start'}>
          {entry.role === 'user' ? (
            <Box
              bg="colorPalette.solid"
              color="colorPalette.contrast"
              px="4"
              py="2"
              rounded="2xl"
              maxW="85%"
              whiteSpace="pre-wrap"
              fontSize="sm"
              data-testid="user-message"
            >
              {entry.content}
            </Box>
          ) : entry.role === 'error' ? (
            <Box
              borderWidth="1px"
              borderColor="border.error"
              color="fg.error"
              px="4"
              py="2"
              rounded="lg"
              role="alert"
            >
              <Text fontSize="sm">{entry.content}</Text>
            </Box>
          ) : (
            <Box
              borderWidth="1px"
              px="4"
              py="2"
              rounded="2xl"
              maxW="100%"
              w="full"
              data-testid="agent-message"
            >
              <Suspense
                fallback={
                  <Text fontSize="sm" whiteSpace="pre-wrap">
                    {entry.content}
                  </Text>
                }
              >
                <Markdown>{entry.content}</Markdown>
              </Suspense>
              <Button
                size="xs"
                variant="outline"
                mt="2"
                onClick={() => onOpenSources(entry)}
                data-testid="open-sources"
              >
                Fuentes ({entry.context_leyes.length + entry.context_sentencias.length})
              </Button>
            </Box>
          )}
        </Flex>
      ))}
      {pending && (
        <Box as="li">
          <LoadingIndicator startedAt={pending.startedAt} partial={pending.partial} />
        </Box>
      )}
    </Stack>
  )
}
