import { Box } from '@chakra-ui/react'
import { APP_BAR_HEIGHT } from '../components/app-bar'
import { ConversationWaiting } from '../features/chat/conversation-frame'
import { ChatHeaderBar } from '../features/chat-header/header-bar'
import { SIDEBAR_WIDTH, SidebarPanel } from '../features/chat-sessions/sidebar-panel'

/** Where the header and the conversation start: beside the sidebar from 768px, where it opens by default. */
const BESIDE_SIDEBAR = { base: '0', md: SIDEBAR_WIDTH.md } as const

/**
 * The chat page until the session check answers: the header's bar and, from 768px, the sidebar's panel, empty, and
 * the conversation as it loads (its text and a question box that takes nothing yet). It holds no user data. The
 * build renders it to HTML as /chat and /protected/chat's first paint (decision 0036); the app draws the same over
 * it until the session is known, then the chat page keeps the conversation's part until the history is open.
 * Pure CSS for every width: at build time there is no window to measure.
 */
export function ChatWaiting() {
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT} data-testid="chat-waiting">
      <SidebarPanel zIndex={11} display={{ base: 'none', md: 'flex' }} />
      <ChatHeaderBar left={BESIDE_SIDEBAR} />
      <Box ml={BESIDE_SIDEBAR}>
        <ConversationWaiting />
      </Box>
    </Box>
  )
}
