import { Badge, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react'
import { APP_VERSION, formatNoteDate, RELEASE_NOTES } from './release-notes'

/** Spec §2 Novedades: the version badge and the release notes, 'Destacado' where isHighlight. */
export function NovedadesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="novedades-dialog">
            <Dialog.Header>
              <HStack gap="2">
                <Dialog.Title>Novedades</Dialog.Title>
                <Badge colorPalette="cyan" variant="solid">
                  {APP_VERSION}
                </Badge>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4" as="ul" listStyleType="none">
                {RELEASE_NOTES.map((note) => (
                  <Stack
                    as="li"
                    key={note.date}
                    gap="1"
                    borderLeftWidth="3px"
                    pl="3"
                    borderColor={note.isHighlight ? 'colorPalette.solid' : 'border'}
                  >
                    <HStack gap="2" flexWrap="wrap">
                      <Text fontSize="xs" color="fg.muted">
                        {formatNoteDate(note.date)}
                      </Text>
                      {note.isHighlight && (
                        <Badge size="sm" colorPalette="yellow">
                          Destacado
                        </Badge>
                      )}
                    </HStack>
                    <Text fontWeight="semibold">{note.title}</Text>
                    <Text fontSize="sm">{note.description}</Text>
                  </Stack>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
