import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { Trash2 } from 'lucide-react'
import { type SessionMatch, snippetAround } from './session-rules'

const dateFormat = new Intl.DateTimeFormat('es-PE', { day: 'numeric', month: 'short', year: 'numeric' })

/** The sidebar's chats: newest first; a found message shows its words under the title. */
export function SessionList({
  matches,
  currentId,
  query,
  onSelect,
  onDelete,
}: {
  matches: SessionMatch[]
  currentId: string | null
  query: string
  onSelect: (match: SessionMatch) => void
  onDelete: (match: SessionMatch) => void
}) {
  if (matches.length === 0) {
    return (
      <Text px="4" py="3" fontSize="sm" color="fg.muted" role="status">
        {query.trim() ? 'Ningún chat coincide con la búsqueda.' : 'Aún no hay chats.'}
      </Text>
    )
  }
  return (
    <Stack as="ul" listStyleType="none" gap="0.5" px="2" py="1">
      {matches.map((match) => {
        const { session, messageId } = match
        const current = session.session_id === currentId
        const found = messageId ? session.messages.find((m) => m.id === messageId) : undefined
        return (
          <HStack as="li" key={session.session_id} gap="1" data-testid="session-item">
            <Button
              variant={current ? 'subtle' : 'ghost'}
              flex="1"
              minW="0"
              h="auto"
              py="2"
              justifyContent="flex-start"
              textAlign="start"
              aria-current={current ? 'page' : undefined}
              onClick={() => onSelect(match)}
            >
              <Stack gap="0" minW="0" w="full" align="flex-start">
                <Text truncate w="full" fontSize="sm" fontWeight={current ? 'semibold' : 'normal'}>
                  {session.title}
                </Text>
                <Text truncate w="full" fontSize="xs" color="fg.muted" fontWeight="normal">
                  {found ? snippetAround(found.content, query) : dateFormat.format(session.createdAt)}
                </Text>
              </Stack>
            </Button>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Eliminar chat ${session.title}`}
              onClick={() => onDelete(match)}
              data-testid="delete-session"
            >
              <Box boxSize="4">
                <Trash2 />
              </Box>
            </IconButton>
          </HStack>
        )
      })}
    </Stack>
  )
}
