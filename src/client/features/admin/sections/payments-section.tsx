import { Badge, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import {
  type AdminPayment,
  type AdminPaymentAttempt,
  attemptPageSchema,
  paymentPageSchema,
  reconcileResultSchema,
} from '../../../../shared/admin'
import { apiPost } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import type { Column } from '../shared/data-table'
import { formatDateTime, formatSoles } from '../shared/format'
import { ListView } from '../shared/list-view'
import { useAdminList } from '../shared/use-admin-list'
import { RefundDialog } from './refund-dialog'

const STATUS_OPTIONS = [
  { value: 'approved', label: 'Aprobado' },
  { value: 'pending', label: 'Pendiente' },
  { value: 'in_process', label: 'En proceso' },
  { value: 'rejected', label: 'Rechazado' },
  { value: 'cancelled', label: 'Cancelado' },
  { value: 'refunded', label: 'Reembolsado' },
]

const statusBadge = (status: string) => (
  <Badge colorPalette={status === 'approved' ? 'green' : status === 'rejected' ? 'red' : 'gray'}>
    {status}
  </Badge>
)

/** Pagos: every payment the provider reported (refund it, in parts) and every attempt (reconcile one now). */
export function PaymentsSection() {
  const payments = useAdminList('payments', paymentPageSchema, { sort: 'createdAt' })
  const attempts = useAdminList('payment-attempts', attemptPageSchema, { sort: 'createdAt' })
  const [refunding, setRefunding] = useState<AdminPayment | null>(null)
  const [reconciling, setReconciling] = useState<AdminPaymentAttempt | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  const paymentColumns: Column<AdminPayment>[] = [
    { key: 'createdAt', label: 'Fecha', sort: 'createdAt', render: (p) => formatDateTime(p.createdAt) },
    { key: 'email', label: 'Usuario', render: (p) => p.userEmail },
    { key: 'plan', label: 'Plan', render: (p) => p.planName },
    { key: 'amount', label: 'Monto', sort: 'amount', numeric: true, render: (p) => formatSoles(p.amount) },
    { key: 'status', label: 'Estado', sort: 'status', render: (p) => statusBadge(p.status) },
    { key: 'provider', label: 'Id del proveedor', render: (p) => `${p.provider} ${p.providerPaymentId}` },
    {
      key: 'refund',
      label: 'Reembolso',
      render: (p) => {
        const refundable = p.creditedAt && !p.refundedAt && p.credits > p.refundedCredits
        const part =
          p.refundedCredits > 0 ? `${formatSoles(p.refundedAmount)} (${p.refundedCredits} créd.)` : null
        return (
          <Stack gap="1" align="start">
            {p.refundedAt ? formatDateTime(p.refundedAt) : part}
            {p.refundPending && <Badge colorPalette="orange">Pendiente</Badge>}
            {refundable ? (
              <Button
                size="xs"
                variant="outline"
                onClick={() => setRefunding(p)}
                aria-label={`Reembolsar el pago ${p.providerPaymentId}`}
              >
                {p.refundPending ? 'Completar reembolso' : 'Reembolsar'}
              </Button>
            ) : (
              !p.refundedAt && !part && '—'
            )}
          </Stack>
        )
      },
    },
  ]
  const attemptColumns: Column<AdminPaymentAttempt>[] = [
    { key: 'createdAt', label: 'Fecha', sort: 'createdAt', render: (a) => formatDateTime(a.createdAt) },
    { key: 'email', label: 'Usuario', render: (a) => a.userEmail },
    { key: 'plan', label: 'Plan', render: (a) => `${a.planName} (${a.method})` },
    { key: 'amount', label: 'Monto', sort: 'amount', numeric: true, render: (a) => formatSoles(a.amount) },
    { key: 'status', label: 'Estado', sort: 'status', render: (a) => statusBadge(a.status) },
    { key: 'ids', label: 'Pagos', render: (a) => a.providerPaymentIds.join(', ') || '—' },
    {
      key: 'reconcile',
      label: 'Acciones',
      render: (a) => (
        <Button
          size="xs"
          variant="outline"
          onClick={() => setReconciling(a)}
          aria-label={`Conciliar el intento ${a.id}`}
        >
          Conciliar
        </Button>
      ),
    },
  ]

  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h3" size="md">
          Pagos
        </Heading>
        {notice && (
          <Text role="status" fontSize="sm" data-testid="refund-done">
            {notice}
          </Text>
        )}
        <ListView
          list={payments}
          caption="Pagos"
          columns={paymentColumns}
          rowKey={(p) => String(p.id)}
          searchLabel="Buscar pago"
          searchPlaceholder="Id del proveedor o correo"
          filters={[{ name: 'status', label: 'Estado', options: STATUS_OPTIONS }]}
          testId="payments-list"
        />
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Intentos de pago
        </Heading>
        <ListView
          list={attempts}
          caption="Intentos de pago"
          columns={attemptColumns}
          rowKey={(a) => a.id}
          searchLabel="Buscar intento"
          searchPlaceholder="Id del intento o correo"
          filters={[{ name: 'status', label: 'Estado', options: STATUS_OPTIONS }]}
          testId="attempts-list"
        />
      </Stack>
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onDone={(r) =>
            setNotice(
              `${r.resumed ? 'Se completó el reembolso pendiente' : 'Reembolso hecho'}: ${formatSoles(r.refund.amount)} devueltos a ${r.payment.userEmail}, ${r.creditsRemoved} créditos retirados.`,
            )
          }
        />
      )}
      {reconciling && (
        <ConfirmDialog
          title="Conciliar el intento con el proveedor"
          confirmLabel="Conciliar"
          onClose={() => setReconciling(null)}
          onConfirm={() =>
            apiPost(
              `/api/admin/payment-attempts/${encodeURIComponent(reconciling.id)}/reconcile`,
              {},
              reconcileResultSchema,
            )
          }
        >
          Se pregunta ahora al proveedor qué fue de este intento; un pago aprobado se acredita una sola vez.
        </ConfirmDialog>
      )}
    </Stack>
  )
}
