import { Button, Dialog, Portal, Text } from '@chakra-ui/react'

/** Until the plans popup lands: 'Adquirir creditos' says where purchases stand. */
export function PlansPlaceholderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Planes de suscripcion y prepago</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>La compra de créditos estará disponible muy pronto.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Entendido</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
