import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { lazy, memo, Suspense } from 'react'
import type { ChatEntry, Pending } from './chat-types'
import { LoadingIndicator } from './loading-indicator'
import { MessageActions } from './message-actions'

type Props = {
  sessionId: string
  entries: ChatEntry[]
  pending: Pending | null
  onOpenSources: (entry: ChatEntry) => void
  /** Before the user's first question ever: a few words on how to ask. */
  intro?: boolean
}

/** The DOM id of a message, for jumping to a history search hit. */
export const messageElementId = (entryId: string) => `msg-${entryId}`

// react-markdown and GFM are a third of the chat's JS: they load with the first answer, not with the page.
const Markdown = lazy(() => import('../../components/markdown'))

/** The conversation: questions on the right, answers (Markdown) on the left with their sources button. */
export function MessageList({ sessionId, entries, pending, onOpenSources, intro = false }: Props) {
  if (entries.length === 0 && !pending) {
    return (
      <Stack gap="2" textAlign="center" color="fg.muted" py="16" px="4">
        <Text fontSize="lg" fontWeight="semibold" color="fg">
          ¿En qué te puedo ayudar?
        </Text>
        <Text fontSize="sm">
          Pregunta como lo dirías a un abogado: «me botaron del trabajo sin aviso», «cuánto dura el mandato
          presidencial», «art. 106 CP».
        </Text>
        {intro && (
          <Text fontSize="sm">
            Cada respuesta cita las normas y sentencias en que se apoya: ábrelas con «Fuentes». Encontrarás
            más en «Instrucciones», en el historial.
          </Text>
        )}
      </Stack>
    )
  }
  return (
    <Stack gap="4" py="4" as="ol" listStyleType="none" aria-label="Conversación">
      {entries.map((entry) => (
        <MessageItem key={entry.id} entry={entry} sessionId={sessionId} onOpenSources={onOpenSources} />
      ))}
      {pending && (
        <Box as="li">
          <LoadingIndicator startedAt={pending.startedAt} partial={pending.partial} />
        </Box>
      )}
    </Stack>
  )
}

type ItemProps = { entry: ChatEntry; sessionId: string; onOpenSources: (entry: ChatEntry) => void }

/**
 * One message. Memoised: a long conversation re-renders only what changed, not every answer's Markdown on each
 * partial answer or history save.
 */
const MessageItem = memo(function MessageItem({ entry, sessionId, onOpenSources }: ItemProps) {
  return (
    <Flex
      as="li"
      id={messageElementId(entry.id)}
      justify={entry.role === 'user' ? 'flex-end' : 'flex-start'}
      scrollMarginTop="20"
      rounded="2xl"
      transition="box-shadow 0.3s"
      css={{ '&[data-found]': { boxShadow: '0 0 0 3px var(--chakra-colors-yellow-solid)' } }}
    >
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
        <Box borderWidth="1px" px="4" py="2" rounded="2xl" maxW="100%" w="full" data-testid="agent-message">
          <Suspense
            fallback={
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {entry.content}
              </Text>
            }
          >
            <Markdown>{entry.content}</Markdown>
          </Suspense>
          <HStack mt="2" gap="2" flexWrap="wrap" justify="space-between">
            <Button
              size="xs"
              variant="outline"
              onClick={() => onOpenSources(entry)}
              data-testid="open-sources"
            >
              Fuentes ({entry.context_leyes.length + entry.context_sentencias.length})
            </Button>
            <MessageActions entry={entry} sessionId={sessionId} />
          </HStack>
        </Box>
      )}
    </Flex>
  )
})
