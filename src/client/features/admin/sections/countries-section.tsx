import { Badge, Button } from '@chakra-ui/react'
import { useState } from 'react'
import { type AdminCountry, countryPageSchema } from '../../../../shared/admin'
import type { Column } from '../shared/data-table'
import { ListView } from '../shared/list-view'
import { useAdminList } from '../shared/use-admin-list'
import { CountryFormDialog } from './country-form'

/** Países: add, activate and order the countries users choose from. */
export function CountriesSection() {
  const list = useAdminList('countries', countryPageSchema, { sort: 'sortOrder', dir: 'asc' })
  const [editing, setEditing] = useState<AdminCountry | 'new' | null>(null)
  const columns: Column<AdminCountry>[] = [
    {
      key: 'flag',
      label: 'Bandera',
      render: (c) => (
        <span role="img" aria-label={`Bandera de ${c.name}`}>
          {c.flag}
        </span>
      ),
    },
    { key: 'name', label: 'Nombre', sort: 'name', render: (c) => c.name },
    { key: 'iso2', label: 'Código', sort: 'iso2', render: (c) => c.iso2 },
    {
      key: 'active',
      label: 'Estado',
      render: (c) => (
        <Badge colorPalette={c.active ? 'green' : 'gray'}>{c.active ? 'Activo' : 'Inactivo'}</Badge>
      ),
    },
    { key: 'sortOrder', label: 'Orden', sort: 'sortOrder', numeric: true, render: (c) => c.sortOrder },
    {
      key: 'edit',
      label: 'Acciones',
      render: (c) => (
        <Button size="xs" variant="outline" onClick={() => setEditing(c)} aria-label={`Editar ${c.name}`}>
          Editar
        </Button>
      ),
    },
  ]
  return (
    <>
      <ListView
        list={list}
        caption="Países"
        columns={columns}
        rowKey={(c) => c.iso2}
        searchLabel="Buscar país"
        searchPlaceholder="Nombre o código"
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            Nuevo país
          </Button>
        }
        testId="countries-list"
      />
      {editing && (
        <CountryFormDialog country={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  )
}
