import { Box, Button, CloseButton, HStack, IconButton, Input, Stack } from '@chakra-ui/react'
import { PanelLeft } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { LogoLink } from '../../components/logo'
import { DeleteSessionDialog } from './delete-session-dialog'
import { SessionList } from './session-list'
import { type SessionMatch, searchSessions } from './session-rules'
import type { ChatSession } from './session-types'
import { SIDEBAR_ID, SidebarPanel } from './sidebar-panel'

export function SidebarToggleIcon() {
  return <PanelLeft />
}

type Props = {
  open: boolean
  mobile: boolean
  sessions: ChatSession[]
  currentId: string | null
  onClose: () => void
  onSelect: (sessionId: string, messageId: string | null) => void
  onNew: () => void
  onDelete: (sessionId: string) => void
  onHelp: () => void
  /** The bottom area: credits display, 'Adquirir creditos', Sugerencias and Novedades (spec §2). */
  footer: ReactNode
}

/**
 * Spec §2 chat sidebar: 'Nuevo Chat', 'Instrucciones', the history search (titles and, beyond the spec, the
 * messages' text, accent-insensitive), the chats newest first with delete, and the footer. Beside the chat from
 * 768px; over it, with a backdrop, below.
 */
export function ChatSidebar({
  open,
  mobile,
  sessions,
  currentId,
  onClose,
  onSelect,
  onNew,
  onDelete,
  onHelp,
  footer,
}: Props) {
  const [query, setQuery] = useState('')
  const [deleting, setDeleting] = useState<ChatSession | null>(null)
  const search = useRef<HTMLInputElement>(null)
  const first = useRef<HTMLButtonElement>(null)
  const matches = useMemo(() => searchSessions(sessions, query), [sessions, query])

  // On a phone the sidebar is a modal layer: focus moves into it and Escape closes it.
  useEffect(() => {
    if (!open || !mobile) return
    first.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, mobile, onClose])

  const select = (match: SessionMatch) => {
    onSelect(match.session.session_id, match.messageId)
    if (mobile) onClose()
  }

  return (
    <>
      {mobile && open && (
        <Box position="fixed" inset="0" bg="blackAlpha.600" zIndex="overlay" onClick={onClose} aria-hidden />
      )}
      <SidebarPanel
        id={SIDEBAR_ID}
        zIndex={mobile ? 'modal' : 11}
        display={open ? 'flex' : 'none'}
        data-testid="chat-sidebar"
      >
        <HStack px="3" h="16" justify="space-between" flexShrink="0">
          <LogoLink size={7} />
          <IconButton
            ref={first}
            size="sm"
            variant="ghost"
            aria-label="Ocultar historial"
            aria-controls={SIDEBAR_ID}
            aria-expanded
            onClick={onClose}
          >
            <SidebarToggleIcon />
          </IconButton>
        </HStack>
        <Stack px="3" gap="2" flexShrink="0">
          <Button onClick={onNew} data-testid="new-chat">
            Nuevo Chat
          </Button>
          <Button variant="outline" onClick={onHelp}>
            Instrucciones
          </Button>
          <Box position="relative">
            <Input
              ref={search}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="Buscar en el historial..."
              aria-label="Buscar en el historial"
              pe="9"
              size="sm"
              data-testid="history-search"
            />
            {query && (
              <CloseButton
                size="2xs"
                position="absolute"
                top="50%"
                right="2"
                transform="translateY(-50%)"
                aria-label="Limpiar búsqueda"
                onClick={() => {
                  setQuery('')
                  search.current?.focus()
                }}
              />
            )}
          </Box>
        </Stack>
        <Box as="nav" aria-label="Chats" flex="1" overflowY="auto" mt="2">
          <SessionList
            matches={matches}
            currentId={currentId}
            query={query}
            onSelect={select}
            onDelete={(m) => setDeleting(m.session)}
          />
        </Box>
        <Stack p="3" gap="3" borderTopWidth="1px" borderColor="border.muted" flexShrink="0">
          {footer}
        </Stack>
      </SidebarPanel>
      <DeleteSessionDialog
        title={deleting?.title ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onDelete(deleting.session_id)
          setDeleting(null)
        }}
      />
    </>
  )
}
