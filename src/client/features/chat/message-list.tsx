import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { memo, type ReactNode } from 'react'
import { AnswerBubble } from './answer-bubble'
import type { ChatEntry, Pending } from './chat-types'
import { EmptyConversation } from './empty-conversation'
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

/** The conversation: questions on the right, answers (Markdown) on the left with their sources button. */
export function MessageList({ sessionId, entries, pending, onOpenSources, intro = false }: Props) {
  if (entries.length === 0 && !pending) return <EmptyConversation intro={intro} />
  return (
    <Stack gap="4" py="4" as="ol" listStyleType="none" aria-label="Conversación">
      {entries.map((entry) => (
        <MessageItem key={entry.id} entry={entry} sessionId={sessionId} onOpenSources={onOpenSources} />
      ))}
      {pending && (
        <MessageRow side="start">
          <LoadingIndicator startedAt={pending.startedAt} partial={pending.partial} />
        </MessageRow>
      )}
    </Stack>
  )
}

/** A message's row in the list: the partial answer sits in the same row as the final answer that replaces it. */
function MessageRow({ side, id, children }: { side: 'start' | 'end'; id?: string; children: ReactNode }) {
  return (
    <Flex
      as="li"
      id={id}
      justify={side === 'end' ? 'flex-end' : 'flex-start'}
      scrollMarginTop="20"
      rounded="2xl"
      transition="box-shadow 0.3s"
      css={{ '&[data-found]': { boxShadow: '0 0 0 3px var(--chakra-colors-yellow-solid)' } }}
    >
      {children}
    </Flex>
  )
}

type ItemProps = { entry: ChatEntry; sessionId: string; onOpenSources: (entry: ChatEntry) => void }

/**
 * One message. Memoised: a long conversation re-renders only what changed, not every answer's Markdown on each
 * partial answer or history save.
 */
const MessageItem = memo(function MessageItem({ entry, sessionId, onOpenSources }: ItemProps) {
  return (
    <MessageRow side={entry.role === 'user' ? 'end' : 'start'} id={messageElementId(entry.id)}>
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
        <AnswerBubble
          content={entry.content}
          data-testid="agent-message"
          footer={
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => onOpenSources(entry)}
                data-testid="open-sources"
              >
                Fuentes ({entry.context_leyes.length + entry.context_sentencias.length})
              </Button>
              <MessageActions entry={entry} sessionId={sessionId} />
            </>
          }
        />
      )}
    </MessageRow>
  )
})
