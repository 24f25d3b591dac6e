import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

type Props = {
  planName: string | null
  cancelling: boolean
  onConfirm: () => void
  onClose: () => void
}

/** 'Editar mi suscripcion': the one change offered is cancelling, confirmed here first. */
export function CancelSubscriptionDialog({ planName, cancelling, onConfirm, onClose }: Props) {
  return (
    <Dialog.Root
      open={planName !== null}
      onOpenChange={(e) => !e.open && !cancelling && onClose()}
      placement="center"
      role="alertdialog"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-subscription-dialog">
            <Dialog.Header>
              <Dialog.Title>Editar mi suscripcion</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                ¿Quieres cancelar tu suscripción {planName ? `«${planName}»` : ''}? No se te cobrará el
                próximo periodo y conservarás los créditos que ya recibiste.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={cancelling}>
                Mantener suscripción
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={cancelling}>
                Cancelar suscripción
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
