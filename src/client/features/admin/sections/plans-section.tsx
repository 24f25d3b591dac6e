import { Badge, Button, HStack } from '@chakra-ui/react'
import { useState } from 'react'
import { type AdminPlan, planPageSchema, planRemoveResultSchema } from '../../../../shared/admin'
import { apiDelete } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import type { Column } from '../shared/data-table'
import { formatDateTime, formatSoles } from '../shared/format'
import { ListView } from '../shared/list-view'
import { options, PLAN_STATUS_LABELS, PLAN_TYPE_LABELS } from '../shared/status-labels'
import { useAdminList } from '../shared/use-admin-list'
import { PlanFormDialog } from './plan-form'

/** Planes: create, edit price, credits, badges and dates; a plan in use is retired, never deleted. */
export function PlansSection() {
  const list = useAdminList('plans', planPageSchema, { sort: 'sortOrder', dir: 'asc' })
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null)
  const [removing, setRemoving] = useState<AdminPlan | null>(null)
  const columns: Column<AdminPlan>[] = [
    {
      key: 'name',
      label: 'Nombre',
      sort: 'name',
      render: (p) => (
        <HStack gap="1" wrap="wrap">
          {p.name}
          {p.isPopular && <Badge colorPalette="cyan">Popular</Badge>}
          {p.isOffer && <Badge colorPalette="orange">Oferta</Badge>}
        </HStack>
      ),
    },
    { key: 'price', label: 'Precio', sort: 'price', numeric: true, render: (p) => formatSoles(p.price) },
    { key: 'credits', label: 'Créditos', sort: 'credits', numeric: true, render: (p) => p.credits },
    { key: 'type', label: 'Tipo', render: (p) => PLAN_TYPE_LABELS[p.type] },
    {
      key: 'status',
      label: 'Estado',
      render: (p) => (
        <Badge colorPalette={p.status === 'active' ? 'green' : 'gray'}>{PLAN_STATUS_LABELS[p.status]}</Badge>
      ),
    },
    {
      key: 'dates',
      label: 'Vigencia',
      render: (p) =>
        p.activeFrom || p.activeUntil
          ? `${formatDateTime(p.activeFrom)} → ${formatDateTime(p.activeUntil)}`
          : 'Siempre',
    },
    { key: 'sortOrder', label: 'Orden', sort: 'sortOrder', numeric: true, render: (p) => p.sortOrder },
    {
      key: 'actions',
      label: 'Acciones',
      render: (p) => (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => setEditing(p)} aria-label={`Editar ${p.name}`}>
            Editar
          </Button>
          {p.status !== 'inactive' || !p.inUse ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setRemoving(p)}
              aria-label={`${p.inUse ? 'Retirar' : 'Eliminar'} ${p.name}`}
            >
              {p.inUse ? 'Retirar' : 'Eliminar'}
            </Button>
          ) : null}
        </HStack>
      ),
    },
  ]
  return (
    <>
      <ListView
        list={list}
        caption="Planes"
        columns={columns}
        rowKey={(p) => String(p.id)}
        searchLabel="Buscar plan"
        searchPlaceholder="Nombre o identificador"
        filters={[
          { name: 'status', label: 'Estado', options: options(PLAN_STATUS_LABELS) },
          { name: 'type', label: 'Tipo', options: options(PLAN_TYPE_LABELS) },
        ]}
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            Nuevo plan
          </Button>
        }
        testId="plans-list"
      />
      {editing && (
        <PlanFormDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {removing && (
        <ConfirmDialog
          title={
            removing.inUse ? `¿Retirar el plan ${removing.name}?` : `¿Eliminar el plan ${removing.name}?`
          }
          confirmLabel={removing.inUse ? 'Retirar' : 'Eliminar'}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            apiDelete(`/api/admin/plans/${removing.id}?version=${removing.version}`, planRemoveResultSchema)
          }
        >
          {removing.inUse
            ? 'Hay compras o pagos que lo nombran: deja de ofrecerse pero se conserva.'
            : 'Nadie lo usó todavía: se borra.'}
        </ConfirmDialog>
      )}
    </>
  )
}
