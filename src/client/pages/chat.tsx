import { Box, Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { APP_BAR_HEIGHT } from '../components/app-bar'
import { ColorModeToggle } from '../components/color-mode'
import { LogoLink } from '../components/logo'
import { StrokeIcon } from '../components/stroke-icon'
import { Toaster } from '../components/toaster'
import { MOBILE_QUERY, useIsMobile } from '../components/use-is-mobile'
import { UserMenu } from '../components/user-menu'
import { AgentPicker } from '../features/agents/agent-picker'
import { useAuth } from '../features/auth/provider'
import { ChatConversation } from '../features/chat/chat-conversation'
import type { ChatEntry } from '../features/chat/chat-types'
import {
  ChatSidebar,
  SIDEBAR_ID,
  SIDEBAR_WIDTH,
  SidebarToggleIcon,
} from '../features/chat-sessions/chat-sidebar'
import { withConversation } from '../features/chat-sessions/session-sync'
import { useChatSessions } from '../features/chat-sessions/use-chat-sessions'
import { CountryPicker } from '../features/countries/country-picker'
import { CreditsBadge } from '../features/credits/credits-badge'
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
  const [resolvedAgent, setResolvedAgent] = useState<{ id: string; credits: number } | null>(null)
  const [country, setCountry] = useState<string | null>(null)
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
  return (
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
                <StrokeIcon>
                  <path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z" />
                </StrokeIcon>
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                aria-label="Novedades"
                onClick={() => setDialog('novedades')}
              >
                <StrokeIcon>
                  <path d="M12 3l1.8 4.7 4.7 1.8-4.7 1.8L12 16l-1.8-4.7-4.7-1.8 4.7-1.8zM19 15l.9 2.1 2.1.9-2.1.9L19 21l-.9-2.1-2.1-.9 2.1-.9z" />
                </StrokeIcon>
              </IconButton>
            </HStack>
          </>
        }
      />
      <Flex
        as="header"
        position="fixed"
        top="0"
        left={offset}
        right="0"
        zIndex={10}
        h={APP_BAR_HEIGHT}
        px={{ base: '2', md: '5' }}
        align="center"
        justify="space-between"
        gap="2"
        bg="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <HStack gap="2" minW="0">
          {!sidebarOpen && (
            <IconButton
              size="sm"
              variant="ghost"
              aria-label="Mostrar historial"
              aria-controls={SIDEBAR_ID}
              aria-expanded={false}
              onClick={() => setSidebarOpen(true)}
              data-testid="sidebar-toggle"
            >
              <SidebarToggleIcon />
            </IconButton>
          )}
          {!sidebarOpen && (
            <Box hideBelow="lg">
              <LogoLink size={7} />
            </Box>
          )}
          <CountryPicker
            userId={userId}
            value={country}
            onChange={(iso2) => {
              setCountry(iso2)
              writePreferences(userId, { selectedCountry: iso2 })
            }}
          />
          <AgentPicker
            remaining={remaining}
            value={agentId}
            onChange={setAgentId}
            onResolved={setResolvedAgent}
            onAgentsLoaded={onAgentsLoaded}
            onBuyCredits={() => setDialog('plans')}
          />
        </HStack>
        <HStack gap="2">
          <Box hideBelow="sm">
            <CreditsBadge />
          </Box>
          <ColorModeToggle />
          <UserMenu />
        </HStack>
      </Flex>
      <Box ml={offset}>
        {currentId ? (
          <ChatConversation
            sessionId={currentId}
            agentId={resolvedAgent?.id ?? null}
            country={country}
            focusMessage={focusMessage}
            onFocused={() => setFocusMessage(null)}
            onOpenSources={showSources}
            onConversation={onConversation}
            onSent={onSent}
            outOfCredits={remaining !== null && remaining <= 0}
            onBuyCredits={() => setDialog('plans')}
            intro={!introSeen}
            header={
              <Box hideFrom="sm" pt="3">
                <CreditsBadge />
              </Box>
            }
          />
        ) : (
          <Text p="6" color="fg.muted" role="status">
            Cargando historial…
          </Text>
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
}
