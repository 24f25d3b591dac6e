import { Box, Container, Flex, HStack, IconButton } from '@chakra-ui/react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { APP_BAR_HEIGHT } from '../components/app-bar'
import { ColorModeToggle } from '../components/color-mode'
import { LogoLink } from '../components/logo'
import { Toaster } from '../components/toaster'
import { UserMenu } from '../components/user-menu'
import { AgentPicker } from '../features/agents/agent-picker'
import { useAuth } from '../features/auth/provider'
import { ChatInput } from '../features/chat/chat-input'
import type { ChatEntry } from '../features/chat/chat-types'
import { MessageList } from '../features/chat/message-list'
import { useChat } from '../features/chat/use-chat'
import { CountryPicker } from '../features/countries/country-picker'
import { CreditsBadge } from '../features/credits/credits-badge'
import { useCreditsStore } from '../features/credits/credits-store'
import { useCreditsSync } from '../features/credits/use-credits-sync'
import { useSpeech } from '../features/speech/speech-store'

const SourcesDrawer = lazy(() => import('../features/sources/sources-drawer'))
const SuggestionDialog = lazy(() =>
  import('../features/suggestions/suggestion-dialog').then((m) => ({ default: m.SuggestionDialog })),
)
const NovedadesDialog = lazy(() =>
  import('../features/novedades/novedades-dialog').then((m) => ({ default: m.NovedadesDialog })),
)

/** /chat and /protected/chat: the header bar, the conversation, the question box and the sources drawer. */
export default function ChatPage() {
  const { user } = useAuth()
  if (!user) return null
  return <Chat userId={user.id} />
}

function Chat({ userId }: { userId: string }) {
  useCreditsSync(userId)
  const remaining = useCreditsStore((s) => (s.userCredits ? s.remaining_credits : null))
  const [agentId, setAgentId] = useState<string | null>(null)
  const [resolvedAgent, setResolvedAgent] = useState<{ id: string; credits: number } | null>(null)
  const [country, setCountry] = useState<string | null>(null)
  const [sources, setSources] = useState<ChatEntry | null>(null)
  // Until the workspace sidebar exists, Sugerencias and Novedades open from the header.
  const [dialog, setDialog] = useState<'sugerencias' | 'novedades' | null>(null)
  const chat = useChat(userId)
  const bottom = useRef<HTMLDivElement>(null)
  const onAgentsLoaded = useCallback(
    (agents: { id: string; credits: number }[]) => useCreditsStore.getState().cacheAgents(agents),
    [],
  )
  // Spec §2: opening or closing the sources drawer stops reading aloud.
  const showSources = useCallback((entry: ChatEntry | null) => {
    useSpeech.getState().stop()
    setSources(entry)
  }, [])
  // Spec §4: reading aloud stops when another chat session appears and when the chat is left.
  useEffect(() => {
    void chat.sessionId
    useSpeech.getState().stop()
    return () => useSpeech.getState().stop()
  }, [chat.sessionId])
  const entriesCount = chat.entries.length
  const partial = chat.pending?.partial
  useEffect(() => {
    if (entriesCount || partial) bottom.current?.scrollIntoView?.({ block: 'end' })
  }, [entriesCount, partial])

  const canSend = !!resolvedAgent && !!country && !chat.pending
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <Flex
        as="header"
        position="fixed"
        top="0"
        insetX="0"
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
          <Box hideBelow="md">
            <LogoLink size={7} />
          </Box>
          <CountryPicker userId={userId} value={country} onChange={setCountry} />
          <AgentPicker
            remaining={remaining}
            value={agentId}
            onChange={setAgentId}
            onResolved={setResolvedAgent}
            onAgentsLoaded={onAgentsLoaded}
          />
        </HStack>
        <HStack gap="2">
          <Box hideBelow="sm">
            <CreditsBadge />
          </Box>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label="Sugerencias"
            onClick={() => setDialog('sugerencias')}
          >
            <span aria-hidden>💡</span>
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label="Novedades" onClick={() => setDialog('novedades')}>
            <span aria-hidden>✨</span>
          </IconButton>
          <ColorModeToggle />
          <UserMenu />
        </HStack>
      </Flex>
      <Flex direction="column" minH={`calc(100dvh - ${APP_BAR_HEIGHT})`}>
        <Container as="main" maxW="3xl" flex="1" px={{ base: '3', md: '6' }}>
          <Box hideFrom="sm" pt="3">
            <CreditsBadge />
          </Box>
          <MessageList
            sessionId={chat.sessionId}
            entries={chat.entries}
            pending={chat.pending}
            onOpenSources={showSources}
          />
          <div ref={bottom} />
        </Container>
        <Box position="sticky" bottom="0" bg="bg" borderTopWidth="1px" py="3">
          <Container maxW="3xl" px={{ base: '3', md: '6' }}>
            <ChatInput
              disabled={!canSend}
              onSend={(text) => {
                if (resolvedAgent && country) void chat.send(text, resolvedAgent.id, country)
              }}
            />
          </Container>
        </Box>
      </Flex>
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
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'sugerencias' ? (
            <SuggestionDialog open onClose={() => setDialog(null)} />
          ) : (
            <NovedadesDialog open onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
      <Toaster />
    </Box>
  )
}
