import { Badge, Button } from '@chakra-ui/react'
import { useState } from 'react'
import { type AdminUser, userPageSchema } from '../../../../shared/admin'
import type { Column } from '../shared/data-table'
import { formatDateTime } from '../shared/format'
import { ListView } from '../shared/list-view'
import { useAdminList } from '../shared/use-admin-list'
import { UserDetailDialog } from './user-detail'

/** Usuarios: search by e-mail, then one user's detail and actions. */
export function UsersSection() {
  const list = useAdminList('users', userPageSchema, { sort: 'createdAt' })
  const [open, setOpen] = useState<string | null>(null)
  const columns: Column<AdminUser>[] = [
    { key: 'email', label: 'Correo', sort: 'email', render: (u) => u.email },
    { key: 'credits', label: 'Créditos', sort: 'credits', numeric: true, render: (u) => u.remainingCredits },
    {
      key: 'state',
      label: 'Estado',
      render: (u) => (
        <Badge colorPalette={u.disabledAt ? 'red' : 'green'}>{u.disabledAt ? 'Desactivada' : 'Activa'}</Badge>
      ),
    },
    { key: 'createdAt', label: 'Alta', sort: 'createdAt', render: (u) => formatDateTime(u.createdAt) },
    {
      key: 'lastSignInAt',
      label: 'Último ingreso',
      sort: 'lastSignInAt',
      render: (u) => formatDateTime(u.lastSignInAt),
    },
    {
      key: 'open',
      label: 'Acciones',
      render: (u) => (
        <Button size="xs" variant="outline" onClick={() => setOpen(u.id)} aria-label={`Ver ${u.email}`}>
          Ver
        </Button>
      ),
    },
  ]
  return (
    <>
      <ListView
        list={list}
        caption="Usuarios"
        columns={columns}
        rowKey={(u) => u.id}
        searchLabel="Buscar por correo"
        searchPlaceholder="parte del correo"
        filters={[
          {
            name: 'state',
            label: 'Estado',
            options: [
              { value: 'active', label: 'Activas' },
              { value: 'disabled', label: 'Desactivadas' },
            ],
          },
        ]}
        testId="users-list"
      />
      {open && <UserDetailDialog userId={open} onClose={() => setOpen(null)} />}
    </>
  )
}
