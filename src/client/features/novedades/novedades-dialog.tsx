import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { AppDialog } from '../../components/app-dialog'
import { APP_VERSION, formatNoteDate, RELEASE_NOTES } from './release-notes'

/** Spec §2 Novedades: the version badge and the release notes, 'Destacado' where isHighlight. */
export function NovedadesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Novedades"
      titleAddon={
        <Badge colorPalette="cyan" variant="solid">
          {APP_VERSION}
        </Badge>
      }
      testId="novedades-dialog"
    >
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
    </AppDialog>
  )
}
