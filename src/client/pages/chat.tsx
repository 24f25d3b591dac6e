import { Box, Button, HStack, IconButton } from '@chakra-ui/react'
import { Lightbulb, Sparkles } from 'lucide-react'
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react'
import { APP_BAR_HEIGHT } from '../components/app-bar'
import { Toaster } from '../components/toaster'
import { MOBILE_QUERY, useIsMobile } from '../components/use-is-mobile'
import { useUsed } from '../components/use-used'
import { chosenAgent } from '../features/agents/picker-state'
import { useAgentChoice } from '../features/agents/use-agent-choice'
import { useAuth } from '../features/auth/provider'
import { ChatConversation } from '../features/chat/chat-conversation'
import type { ChatEntry } from '../features/chat/chat-types'
import { ConversationWaiting } from '../features/chat/conversation-frame'
import { ChatHeader } from '../features/chat-header/chat-header'
import { useHeaderFit } from '../features/chat-header/header-fit'
import { ChatSidebar } from '../features/chat-sessions/chat-sidebar'
import { withConversation } from '../features/chat-sessions/session-sync'
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_PX } from '../features/chat-sessions/sidebar-panel'
import { useChatSessions } from '../features/chat-sessions/use-chat-sessions'
import { useCountryChoice } from '../features/countries/use-country-choice'
import { CreditsDisplay } from '../features/credits/credits-display'
import { useCreditsStore } from '../features/credits/credits-store'
import { refreshCredits, useCreditsSync } from '../features/credits/use-credits-sync'
import { useHelpDialog } from '../features/help/help-store'
import { readPreferences, writePreferences } from '../features/preferences/user-preferences'
import { useSpeech } from '../features/speech/speech-store'

const SourcesDrawer = lazy(() => import('../features/sources/sources-drawer'))
const SuggestionDialog = lazy(() =>
  import('../features/suggestions/suggestion-dialog').then((m) => ({ default: m.SuggestionDialog })),
)
const NovedadesDialog = lazy(() =>
  import('../features/novedades/novedades-dialog').then((m) => ({ default: m.NovedadesDialog })),
)
const HelpDialog = lazy(() => import('../features/help/help-dialog').then((m) => ({ default: m.HelpDialog })))
const PlansDialog = lazy(() => import('../features/plans/plans-dialog'))

type DialogName = 'sugerencias' | 'novedades' | 'plans'

/** /chat and /protected/chat: the sidebar, the header bar, the conversation, the question box and the sources. */
export default function ChatPage() {
  const { user } = useAuth()
  if (!user) return null
  return <Chat key={user.id} userId={user.id} email={user.email ?? null} />
}

function Chat({ userId, email }: { userId: string; email: string | null }) {
  useCreditsSync(userId)
  const mobile = useIsMobile()
  const [sidebarOpen, setSidebarOpen] = useState(() => !window.matchMedia(MOBILE_QUERY).matches)
  const remaining = useCreditsStore((s) => (s.userCredits ? s.remaining_credits : null))
  const [agentId, setAgentId] = useState<string | null>(null)
  const country = useCountryChoice(userId)
  const [sources, setSources] = useState<ChatEntry | null>(null)
  const [dialog, setDialog] = useState<DialogName | null>(null)
  const [focusMessage, setFocusMessage] = useState<string | null>(null)
  const help = useHelpDialog()
  const sessions = useChatSessions(userId)
  const [introSeen, setIntroSeen] = useState(() => readPreferences(userId).isFirstMessageSent)

  // Leaving the phone layout for a wide one shows the sidebar again; the other way round it gets out of the way.
  useEffect(() => setSidebarOpen(!mobile), [mobile])

  const onAgentsLoaded = useCallback(
    (agents: { id: string; credits: number }[]) => useCreditsStore.getState().cacheAgents(agents),
    [],
  )
  const agents = useAgentChoice({ remaining, selectedId: agentId, onAgentsLoaded })
  const resolvedAgent = chosenAgent(agents)
  const fit = useHeaderFit(sidebarOpen && !mobile ? SIDEBAR_WIDTH_PX : 0)
  // Spec §2: opening or closing the sources drawer stops reading aloud.
  const showSources = useCallback((entry: ChatEntry | null) => {
    useSpeech.getState().stop()
    setSources(entry)
  }, [])
  const closeSidebar = useCallback(() => setSidebarOpen(false), [])

  const { update, currentId } = sessions
  const agentForSession = resolvedAgent?.id ?? null
  const onConversation = useCallback(
    (sessionId: string, entries: ChatEntry[]) =>
      update(sessionId, (s) => withConversation(s, entries, agentForSession)),
    [update, agentForSession],
  )
  const onSent = useCallback(() => {
    if (!introSeen) setIntroSeen(writePreferences(userId, { isFirstMessageSent: true }).isFirstMessageSent)
  }, [introSeen, userId])

  const selectSession = (sessionId: string, messageId: string | null) => {
    const target = sessions.sessions.find((s) => s.session_id === sessionId)
    // The chat continues with the agent it last used, when that agent is still on offer.
    if (target?.lastAgentId) setAgentId(target.lastAgentId)
    setFocusMessage(messageId)
    sessions.select(sessionId)
  }

  const offset = { base: '0', md: sidebarOpen ? SIDEBAR_WIDTH.md : '0' }
  const page = (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <ChatSidebar
        open={sidebarOpen}
        mobile={mobile}
        sessions={sessions.sessions}
        currentId={currentId}
        onClose={closeSidebar}
        onSelect={selectSession}
        onNew={() => {
          setFocusMessage(null)
          sessions.create(resolvedAgent?.id ?? null)
          if (mobile) closeSidebar()
        }}
        onDelete={sessions.remove}
        onHelp={help.show}
        footer={
          <>
            <CreditsDisplay />
            <Button variant="outline" colorPalette="cyan" onClick={() => setDialog('plans')}>
              Adquirir creditos
            </Button>
            <HStack justify="center" gap="2">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Sugerencias"
                onClick={() => setDialog('sugerencias')}
              >
                <Lightbulb />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Novedades"
                onClick={() => setDialog('novedades')}
              >
                <Sparkles />
              </IconButton>
            </HStack>
          </>
        }
      />
      <ChatHeader
        fit={fit}
        left={offset}
        sidebarOpen={sidebarOpen}
        onOpenSidebar={() => setSidebarOpen(true)}
        country={country}
        agents={agents}
        onAgentChange={setAgentId}
        onBuyCredits={() => setDialog('plans')}
      />
      <Box ml={offset}>
        {currentId ? (
          <ChatConversation
            sessionId={currentId}
            agentId={resolvedAgent?.id ?? null}
            country={country.value}
            focusMessage={focusMessage}
            onFocused={() => setFocusMessage(null)}
            onOpenSources={showSources}
            onConversation={onConversation}
            onSent={onSent}
            outOfCredits={remaining !== null && remaining <= 0}
            onBuyCredits={() => setDialog('plans')}
            intro={!introSeen}
          />
        ) : (
          // The history is opening: the conversation as the page's first paint drew it (decision 0036).
          <ConversationWaiting intro={!introSeen} />
        )}
      </Box>
      {sources && (
        <Suspense fallback={null}>
          <SourcesDrawer
            open={sources !== null}
            onClose={() => showSources(null)}
            leyes={sources?.context_leyes ?? []}
            sentencias={sources?.context_sentencias ?? []}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialog === 'sugerencias' && <SuggestionDialog open onClose={() => setDialog(null)} />}
        {dialog === 'novedades' && <NovedadesDialog open onClose={() => setDialog(null)} />}
        {dialog === 'plans' && (
          <PlansDialog
            open
            onClose={() => setDialog(null)}
            userEmail={email}
            onPurchased={() => void refreshCredits()}
          />
        )}
        {help.open && <HelpDialog open onClose={help.hide} />}
      </Suspense>
      <Toaster />
    </Box>
  )
  // Until the person presses anything, the page is drawn from a deferred copy of itself (decision 0041). What
  // reaches it while it loads (the session's data as each request answers, a store, a resize) would otherwise render
  // the whole page in one task each time: a store's update renders synchronously, a fetch's setState without time
  // slicing. With the deferred copy, that render returns the page drawn last (the same element: React skips it) and
  // the new page follows at once as a transition, rendered in slices the browser can run other tasks (a first tap)
  // between. From the first press on, every update renders at once, as it always did.
  const used = useUsed()
  const deferred = useDeferredValue(page)
  return used ? page : deferred
}
