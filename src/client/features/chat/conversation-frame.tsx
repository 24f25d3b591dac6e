import { Box, Container, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { APP_BAR_HEIGHT } from '../../components/app-bar'
import { ChatInput } from './chat-input'
import { EmptyConversation } from './empty-conversation'

type Props = {
  /** The conversation, in the page's <main>. */
  children: ReactNode
  /** The question box, kept at the bottom of the window. */
  composer: ReactNode
  onComposerFocus?: () => void
  /** After the question box (the conversation's end marker). */
  end?: ReactNode
}

/** The conversation's place on the chat page: its messages in a column, the question box at the window's bottom. */
export function ConversationFrame({ children, composer, onComposerFocus, end }: Props) {
  return (
    <Flex direction="column" minH={`calc(100dvh - ${APP_BAR_HEIGHT})`}>
      <Container as="main" maxW="3xl" flex="1" px={{ base: '3', md: '6' }}>
        {children}
      </Container>
      <Box position="sticky" bottom="0" bg="bg" borderTopWidth="1px" py="3" onFocus={onComposerFocus}>
        <Container maxW="3xl" px={{ base: '3', md: '6' }}>
          {composer}
        </Container>
      </Box>
      {end}
    </Flex>
  )
}

const ignore = () => {}

/**
 * The conversation while the chat loads (the session check, the history): the empty conversation's text where a
 * new chat shows it, over a question box that takes nothing yet. The build draws it as the chat page's first paint
 * (decision 0036), and the app draws the same until the chat is ready, so the page neither flashes nor shifts.
 */
export function ConversationWaiting({ intro = false }: { intro?: boolean }) {
  return (
    <ConversationFrame composer={<ChatInput disabled waiting onSend={ignore} />}>
      <EmptyConversation intro={intro} />
    </ConversationFrame>
  )
}
