import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

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
    <Dialog.Root
      open={title !== null}
      onOpenChange={(e) => !e.open && onCancel()}
      role="alertdialog"
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-session-dialog">
            <Dialog.Header>
              <Dialog.Title>Realmente quieres eliminar este chat?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="sm" color="fg.muted">
                «{title}» se borrará del historial de este navegador.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                Cancelar
              </Button>
              <Button colorPalette="red" onClick={onConfirm}>
                Si, eliminar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
