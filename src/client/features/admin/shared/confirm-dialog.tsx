import { Button, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import { reasonField } from '../../../../shared/admin'
import { AppDialog } from '../../../components/app-dialog'
import { ReasonField } from './form-fields'
import { ProblemNotice } from './problem-notice'
import { useAdminMutation } from './use-admin-mutation'

/**
 * The confirmation before an action that changes a record (retire, disable, refund…). With `reason` the operator
 * writes why, which the audit row keeps; 'required' refuses to go on without it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  reason,
  onConfirm,
  onClose,
  danger = false,
  testId,
  check,
}: {
  title: string
  children?: ReactNode
  confirmLabel: string
  reason?: 'required' | 'optional'
  onConfirm: (reason: string | undefined) => Promise<unknown>
  onClose: () => void
  danger?: boolean
  testId?: string
  /** The dialog's own fields checked before anything is sent (they show their errors); false stops there. */
  check?: () => boolean
}) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const run = useAdminMutation(onConfirm, onClose)

  function confirm() {
    const fieldsOk = check ? check() : true
    let why: string | undefined
    if (reason && (reason === 'required' || text.trim())) {
      const checked = reasonField.safeParse(text)
      if (!checked.success) {
        setError(checked.error.issues[0]?.message)
        return
      }
      why = checked.data
    }
    setError(undefined)
    if (fieldsOk) run.mutate(why)
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      role="alertdialog"
      title={title}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button colorPalette={danger ? 'red' : undefined} onClick={confirm} loading={run.isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {run.isError && <ProblemNotice error={run.error} />}
        {typeof children === 'string' ? <Text fontSize="sm">{children}</Text> : children}
        {reason && (
          <ReasonField value={text} onChange={setText} error={error} optional={reason === 'optional'} />
        )}
      </Stack>
    </AppDialog>
  )
}
