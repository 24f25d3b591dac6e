import { Box, Button, HStack, IconButton, Link, Popover, Portal, Stack, Text } from '@chakra-ui/react'
import { FileText } from 'lucide-react'
import { sourceStatus } from '../../../shared/norm-status'
import type { SourceItem } from '../../../shared/search-schemas'
import { copyText } from '../../lib/copy-text'
import { viewerUrl } from '../../lib/viewer-url'
import { useSpeech } from '../speech'
import { Highlighted } from './highlight'
import { StatusBadge } from './status-badge'

/** One cited source as spec §2 lists it, plus its status (a norm's force, a ruling's outcome) and a norm's last update. */
export function SourceCard({ source, term, id }: { source: SourceItem; term: string; id: string }) {
  const speech = useSpeech()
  const speaking = speech.status === 'speaking' && speech.messageId === id
  const status = sourceStatus(source.kind, source.status)
  // A ruling's date is when it was given, not an update: only norms are amended.
  const updated = source.kind === 'norma' ? source.last_updated : null
  return (
    <Box borderWidth="1px" rounded="lg" p="3" data-testid="source-item">
      <Stack gap="1.5">
        <Text fontWeight="semibold" fontSize="sm" data-testid="source-title">
          {source.title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {`${source.tipo_alias} - ${source.jerarquia_alias}`}
        </Text>
        {(status || updated) && (
          <HStack gap="2" flexWrap="wrap">
            {status && <StatusBadge view={status} />}
            {updated && (
              <Text fontSize="xs" color="fg.muted">
                Última actualización: {updated}
              </Text>
            )}
          </HStack>
        )}
        {/* A long article scrolls inside the card: focusable and named, so the keyboard can scroll it too. */}
        <Text
          as="div"
          fontSize="sm"
          whiteSpace="pre-wrap"
          maxH="48"
          overflowY="auto"
          tabIndex={0}
          role="region"
          aria-label={`Texto de ${source.title}`}
          rounded="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'cyan.focusRing' }}
          data-testid="source-text"
        >
          <Highlighted text={source.content} term={term} />
        </Text>
        {source.notes.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            {source.notes.join(' · ')}
          </Text>
        )}
        <HStack gap="1" flexWrap="wrap">
          <Button size="xs" variant="ghost" onClick={() => void copyText(source.content)}>
            Copiar
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-pressed={speaking}
            onClick={() =>
              speaking ? speech.stop() : speech.speak(source.content, { messageId: id, contextId: 'sources' })
            }
          >
            {speaking ? 'Detener lectura' : 'Iniciar lectura'}
          </Button>
          <Popover.Root>
            <Popover.Trigger asChild>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label="Resumen de la página"
                title="Resumen de la página"
              >
                <FileText aria-hidden />
              </IconButton>
            </Popover.Trigger>
            <Portal>
              <Popover.Positioner>
                <Popover.Content>
                  <Popover.Arrow />
                  <Popover.Body>
                    <Stack gap="1" fontSize="sm">
                      <Text fontWeight="semibold">Página {source.page_number}</Text>
                      <Text>{source.context_page}</Text>
                      <Text color="fg.muted">{source.file_name}</Text>
                    </Stack>
                  </Popover.Body>
                </Popover.Content>
              </Popover.Positioner>
            </Portal>
          </Popover.Root>
          <Link
            href={viewerUrl(source, source.content.slice(0, 120))}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="xs"
            fontWeight="medium"
            px="2"
            data-testid="view-original"
          >
            Ver original
          </Link>
        </HStack>
      </Stack>
    </Box>
  )
}
