import { Button, Text } from '@chakra-ui/react'
import { AppDialog } from '../../components/app-dialog'

type Props = {
  planName: string | null
  cancelling: boolean
  onConfirm: () => void
  onClose: () => void
}

/** 'Editar mi suscripcion': the one change offered is cancelling, confirmed here first. */
export function CancelSubscriptionDialog({ planName, cancelling, onConfirm, onClose }: Props) {
  return (
    <AppDialog
      open={planName !== null}
      onClose={() => !cancelling && onClose()}
      title="Editar mi suscripcion"
      role="alertdialog"
      size="sm"
      testId="cancel-subscription-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={cancelling}>
            Mantener suscripción
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={cancelling}>
            Cancelar suscripción
          </Button>
        </>
      }
    >
      <Text>
        ¿Quieres cancelar tu suscripción {planName ? `«${planName}»` : ''}? No se te cobrará el próximo
        periodo y conservarás los créditos que ya recibiste.
      </Text>
    </AppDialog>
  )
}
