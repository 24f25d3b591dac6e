import { Button, Text } from '@chakra-ui/react'
import { AppDialog } from '../../components/app-dialog'

/** Spec §2: the confirmation before a chat is deleted from this browser. */
export function DeleteSessionDialog({
  title,
  onCancel,
  onConfirm,
}: {
  title: string | null
  onCancel: () => void
  onConfirm: () => void
}) {
  return (
    <AppDialog
      open={title !== null}
      onClose={onCancel}
      title="Realmente quieres eliminar este chat?"
      role="alertdialog"
      size="sm"
      testId="delete-session-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button colorPalette="red" onClick={onConfirm}>
            Si, eliminar
          </Button>
        </>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        «{title}» se borrará del historial de este navegador.
      </Text>
    </AppDialog>
  )
}
