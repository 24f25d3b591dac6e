import { Text } from '@chakra-ui/react'
import { AUDIT_ENTITIES, type AuditEntry, auditPageSchema } from '../../../../shared/admin'
import type { Column } from '../shared/data-table'
import { formatDateTime } from '../shared/format'
import { ListView } from '../shared/list-view'
import { useAdminList } from '../shared/use-admin-list'

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  admin_role: 'Administradores',
  agent: 'Agentes',
  country: 'Países',
  plan: 'Planes',
  user: 'Usuarios',
  credits: 'Créditos',
  payment: 'Pagos',
  feedback: 'Valoraciones',
  suggestion: 'Sugerencias',
  corpus: 'Corpus',
}

/** The changed fields of a before → after pair, so a row reads 'credits: 2 → 0' rather than two whole records. */
function changes(before: unknown, after: unknown): string {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : null
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : null
  if (!b && !a) return '—'
  if (!b) return `creado: ${JSON.stringify(a)}`
  if (!a) return `eliminado: ${JSON.stringify(b)}`
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => k !== 'version' && k !== 'updatedAt' && JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  )
  return keys.length
    ? keys.map((k) => `${k}: ${JSON.stringify(b[k])} → ${JSON.stringify(a[k])}`).join('; ')
    : '—'
}

/** Auditoría: every admin action, newest first; read-only (the server refuses edits). */
export function AuditSection() {
  const list = useAdminList('audit', auditPageSchema, { sort: 'createdAt' })
  const columns: Column<AuditEntry>[] = [
    { key: 'createdAt', label: 'Fecha', sort: 'createdAt', render: (e) => formatDateTime(e.createdAt) },
    { key: 'actor', label: 'Quién', render: (e) => e.actorEmail ?? 'Servidor' },
    {
      key: 'action',
      label: 'Acción',
      sort: 'action',
      render: (e) => (
        <Text as="code" fontFamily="mono" fontSize="xs">
          {e.action}
        </Text>
      ),
    },
    { key: 'entity', label: 'Registro', render: (e) => `${ENTITY_LABELS[e.entity]} · ${e.entityId}` },
    {
      key: 'change',
      label: 'Antes → después',
      render: (e) => (
        <Text fontSize="xs" maxW="md" wordBreak="break-word">
          {changes(e.before, e.after)}
        </Text>
      ),
    },
    { key: 'reason', label: 'Motivo', render: (e) => e.reason ?? '—' },
  ]
  return (
    <ListView
      list={list}
      caption="Auditoría"
      columns={columns}
      rowKey={(e) => String(e.id)}
      searchLabel="Buscar en la auditoría"
      searchPlaceholder="Acción o id del registro"
      filters={[
        {
          name: 'entity',
          label: 'Tipo de registro',
          options: AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] })),
        },
      ]}
      testId="audit-list"
    />
  )
}
