import { Button, HStack, Stack } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { z } from 'zod'
import {
  type AdminGrant,
  adminGrantPageSchema,
  adminGrantRequestSchema,
  adminGrantSchema,
} from '../../../../shared/admin'
import { apiDelete, apiPost } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import type { Column } from '../shared/data-table'
import { checkWith } from '../shared/field-errors'
import { TextField } from '../shared/form-fields'
import { formatDateTime } from '../shared/format'
import { ListView } from '../shared/list-view'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminList } from '../shared/use-admin-list'
import { useAdminMutation } from '../shared/use-admin-mutation'

/** Administradores: who holds the role; grant it to an existing account or revoke it. */
export function AdminsSection() {
  const list = useAdminList('admins', adminGrantPageSchema, { sort: 'grantedAt' })
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [revoking, setRevoking] = useState<AdminGrant | null>(null)
  const grant = useAdminMutation(
    (body: unknown) => apiPost('/api/admin/admins', body, adminGrantSchema),
    () => setEmail(''),
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkWith(adminGrantRequestSchema, { email })
    setError(checked.errors?.email)
    if (checked.data) grant.mutate(checked.data)
  }

  const columns: Column<AdminGrant>[] = [
    { key: 'email', label: 'Correo', sort: 'email', render: (g) => g.email },
    { key: 'grantedAt', label: 'Desde', sort: 'grantedAt', render: (g) => formatDateTime(g.grantedAt) },
    { key: 'by', label: 'Concedido por', render: (g) => (g.grantedBy ? g.grantedBy : 'ADMIN_EMAILS') },
    {
      key: 'revoke',
      label: 'Acciones',
      render: (g) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => setRevoking(g)}
          aria-label={`Revocar a ${g.email}`}
        >
          Revocar
        </Button>
      ),
    },
  ]

  return (
    <Stack gap="5">
      <Stack asChild gap="2" maxW="lg">
        <form onSubmit={submit} noValidate aria-label="Nombrar administrador">
          {grant.isError && <ProblemNotice error={grant.error} />}
          <HStack align="end" gap="2">
            <TextField
              label="Correo de la cuenta"
              type="email"
              value={email}
              onChange={setEmail}
              error={error}
            />
            <Button type="submit" size="sm" loading={grant.isPending}>
              Nombrar administrador
            </Button>
          </HStack>
        </form>
      </Stack>
      <ListView
        list={list}
        caption="Administradores"
        columns={columns}
        rowKey={(g) => g.userId}
        searchLabel="Buscar administrador"
        searchPlaceholder="Correo"
        testId="admins-list"
      />
      {revoking && (
        <ConfirmDialog
          title={`¿Quitar el rol de administrador a ${revoking.email}?`}
          confirmLabel="Revocar"
          danger
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            apiDelete(
              `/api/admin/admins/${encodeURIComponent(revoking.userId)}`,
              z.object({ revoked: z.literal(true) }),
            )
          }
        />
      )}
    </Stack>
  )
}
