import { Badge, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import {
  type AdminUser,
  adminUserDetailSchema,
  adminUserSchema,
  resendConfirmationResultSchema,
} from '../../../../shared/admin'
import { AppDialog } from '../../../components/app-dialog'
import { apiGet, apiPost } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import { formatDateTime } from '../shared/format'
import { ProblemNotice } from '../shared/problem-notice'
import { tableRecipe } from '../shared/recipes'
import { CreditChangeForm } from './credit-change-form'

const KIND_LABELS: Record<string, string> = {
  welcome: 'Bienvenida',
  reserve: 'Consulta',
  refund: 'Devolución',
  purchase: 'Compra',
  admin: 'Ajuste',
  payment_refund: 'Reembolso',
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {children}
      </Text>
    </Stack>
  )
}

/** A titled list of one-line records (purchases, subscriptions), or its Spanish "none" sentence when empty. */
function ShortList({
  title,
  empty,
  lines,
}: {
  title: string
  empty: string
  lines: { key: string | number; text: string }[]
}) {
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {lines.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      ) : (
        lines.map((line) => (
          <Text key={line.key} fontSize="sm">
            {line.text}
          </Text>
        ))
      )}
    </Stack>
  )
}

/** One user: credits, ledger, consultations, purchases, subscriptions, and what an operator may do to them. */
export function UserDetailDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const path = `/api/admin/users/${encodeURIComponent(userId)}`
  const detail = useQuery({
    queryKey: ['admin', 'user', userId],
    queryFn: () => apiGet(path, adminUserDetailSchema),
  })
  const [action, setAction] = useState<'disable' | 'enable' | 'resend' | null>(null)
  const user: AdminUser | undefined = detail.data?.user

  return (
    <AppDialog open onClose={onClose} size="xl" testId="user-detail" title={user?.email ?? 'Usuario'}>
      {detail.isError && <ProblemNotice error={detail.error} />}
      {detail.isPending && <Spinner role="status" aria-label="Cargando" color="cyan.fg" />}
      {detail.data && user && (
        <Stack gap="5">
          <HStack gap="2" wrap="wrap">
            {user.isAdmin && <Badge colorPalette="purple">Administrador</Badge>}
            <Badge colorPalette={user.disabledAt ? 'red' : 'green'}>
              {user.disabledAt ? 'Desactivada' : 'Activa'}
            </Badge>
            <Badge colorPalette={user.emailVerified ? 'green' : 'orange'}>
              {user.emailVerified ? 'Correo confirmado' : 'Correo sin confirmar'}
            </Badge>
          </HStack>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Fact label="Créditos">
              <span data-testid="user-credits">{detail.data.credits.remaining_credits}</span>
            </Fact>
            <Fact label="Consultas">{detail.data.consultations.count}</Fact>
            <Fact label="Última consulta">{formatDateTime(detail.data.consultations.lastAt)}</Fact>
            <Fact label="Alta">{formatDateTime(user.createdAt)}</Fact>
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            {!user.emailVerified && (
              <Button size="sm" variant="outline" onClick={() => setAction('resend')}>
                Reenviar confirmación
              </Button>
            )}
            {user.disabledAt ? (
              <Button size="sm" variant="outline" onClick={() => setAction('enable')}>
                Reactivar cuenta
              </Button>
            ) : (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAction('disable')}>
                Desactivar cuenta
              </Button>
            )}
          </HStack>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Ajustar créditos
            </Heading>
            <CreditChangeForm userId={user.id} />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              Movimientos de créditos
            </Heading>
            <Table.ScrollArea borderWidth="1px" borderColor="border.muted" rounded="md">
              <Table.Root recipe={tableRecipe} data-testid="user-ledger">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Fecha</Table.ColumnHeader>
                    <Table.ColumnHeader>Tipo</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Créditos</Table.ColumnHeader>
                    <Table.ColumnHeader>Motivo o referencia</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {detail.data.ledger.map((row) => (
                    <Table.Row key={row.id}>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(row.createdAt)}</Table.Cell>
                      <Table.Cell>{KIND_LABELS[row.kind] ?? row.kind}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {row.amount > 0 ? `+${row.amount}` : row.amount}
                      </Table.Cell>
                      <Table.Cell>{row.reason ?? row.reference ?? '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <ShortList
              title="Compras"
              empty="Sin compras."
              lines={detail.data.purchases.map((p) => ({
                key: p.id,
                text: `${p.planName} · ${formatDateTime(p.purchaseDate)} · pago ${p.paymentId}`,
              }))}
            />
            <ShortList
              title="Suscripciones"
              empty="Sin suscripciones."
              lines={detail.data.subscriptions.map((s) => ({
                key: s.id,
                text: `${s.planName} · ${s.status} · hasta ${formatDateTime(s.currentPeriodEnd)}`,
              }))}
            />
          </SimpleGrid>
        </Stack>
      )}
      {user && action === 'disable' && (
        <ConfirmDialog
          title={`¿Desactivar la cuenta de ${user.email}?`}
          confirmLabel="Desactivar"
          danger
          reason="required"
          onClose={() => setAction(null)}
          onConfirm={(reason) => apiPost(`${path}/disable`, { reason }, adminUserSchema)}
        >
          No podrá iniciar sesión y sus sesiones abiertas terminan ahora.
        </ConfirmDialog>
      )}
      {user && action === 'enable' && (
        <ConfirmDialog
          title={`¿Reactivar la cuenta de ${user.email}?`}
          confirmLabel="Reactivar"
          reason="optional"
          onClose={() => setAction(null)}
          onConfirm={(reason) => apiPost(`${path}/enable`, reason ? { reason } : {}, adminUserSchema)}
        />
      )}
      {user && action === 'resend' && (
        <ConfirmDialog
          title={`¿Reenviar el correo de confirmación a ${user.email}?`}
          confirmLabel="Reenviar"
          onClose={() => setAction(null)}
          onConfirm={() => apiPost(`${path}/resend-confirmation`, {}, resendConfirmationResultSchema)}
        />
      )}
    </AppDialog>
  )
}
