import { Badge, Button } from '@chakra-ui/react'
import { useState } from 'react'
import { type AdminAgent, agentPageSchema } from '../../../../shared/admin'
import type { Column } from '../shared/data-table'
import { ListView } from '../shared/list-view'
import { AGENT_STATUS_LABELS, options } from '../shared/status-labels'
import { useAdminList } from '../shared/use-admin-list'
import { useCountryOptions } from '../shared/use-country-options'
import { AgentFormDialog } from './agent-form'

/** Agentes: every agent, its cost, state and order; create and edit. */
export function AgentsSection() {
  const list = useAdminList('agents', agentPageSchema, { sort: 'sortOrder', dir: 'asc' })
  const [editing, setEditing] = useState<AdminAgent | 'new' | null>(null)
  const countries = useCountryOptions()
  const columns: Column<AdminAgent>[] = [
    { key: 'name', label: 'Nombre', sort: 'name', render: (a) => a.name },
    { key: 'id', label: 'Identificador', render: (a) => a.id },
    { key: 'credits', label: 'Costo', sort: 'credits', numeric: true, render: (a) => a.credits },
    {
      key: 'status',
      label: 'Estado',
      sort: 'status',
      render: (a) => (
        <Badge colorPalette={a.status === 'active' ? 'green' : 'gray'}>{AGENT_STATUS_LABELS[a.status]}</Badge>
      ),
    },
    { key: 'sortOrder', label: 'Orden', sort: 'sortOrder', numeric: true, render: (a) => a.sortOrder },
    { key: 'country', label: 'País', render: (a) => a.countryCode ?? 'Todos' },
    { key: 'version', label: 'Versión', numeric: true, render: (a) => a.version },
    {
      key: 'edit',
      label: 'Acciones',
      render: (a) => (
        <Button size="xs" variant="outline" onClick={() => setEditing(a)} aria-label={`Editar ${a.name}`}>
          Editar
        </Button>
      ),
    },
  ]
  return (
    <>
      <ListView
        list={list}
        caption="Agentes"
        columns={columns}
        rowKey={(a) => a.id}
        searchLabel="Buscar agente"
        searchPlaceholder="Nombre o identificador"
        filters={[{ name: 'status', label: 'Estado', options: options(AGENT_STATUS_LABELS) }]}
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            Nuevo agente
          </Button>
        }
        testId="agents-list"
      />
      {editing && (
        <AgentFormDialog
          agent={editing === 'new' ? null : editing}
          countries={countries}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
