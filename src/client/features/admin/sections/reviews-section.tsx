import { Badge, Heading, Stack, Text } from '@chakra-ui/react'
import {
  type AdminFeedback,
  type AdminSuggestion,
  feedbackPageSchema,
  suggestionPageSchema,
} from '../../../../shared/admin'
import type { Column } from '../shared/data-table'
import { formatDateTime } from '../shared/format'
import { ListView } from '../shared/list-view'
import { useAdminList } from '../shared/use-admin-list'
import { ReviewToggle } from './review-toggle'

const REVIEWED_OPTIONS = [
  { value: 'false', label: 'Sin revisar' },
  { value: 'true', label: 'Revisadas' },
]

function Excerpt({ label, text }: { label: string; text: string | null }) {
  if (!text) return null
  return (
    <Text fontSize="xs" lineClamp={3} maxW="md" title={text}>
      <Text as="span" fontWeight="semibold">
        {label}:{' '}
      </Text>
      {text}
    </Text>
  )
}

/** Opiniones: the ratings of answers and the suggestions, with what they are about, filters and 'revisado'. */
export function ReviewsSection() {
  const feedback = useAdminList('feedback', feedbackPageSchema, { sort: 'createdAt' })
  const suggestions = useAdminList('suggestions', suggestionPageSchema, { sort: 'createdAt' })

  const feedbackColumns: Column<AdminFeedback>[] = [
    { key: 'createdAt', label: 'Fecha', sort: 'createdAt', render: (f) => formatDateTime(f.createdAt) },
    {
      key: 'value',
      label: 'Valoración',
      render: (f) => (
        <Badge colorPalette={f.value === 'positive' ? 'green' : 'red'}>
          {f.value === 'positive' ? 'Positiva' : 'Negativa'}
        </Badge>
      ),
    },
    {
      key: 'about',
      label: 'Pregunta y respuesta',
      render: (f) => (
        <Stack gap="1">
          <Excerpt label="Pregunta" text={f.question} />
          <Excerpt label="Respuesta" text={f.answer} />
        </Stack>
      ),
    },
    { key: 'agent', label: 'Agente', render: (f) => f.agentId },
    { key: 'user', label: 'Usuario', render: (f) => f.userEmail },
    {
      key: 'reviewed',
      label: 'Revisado',
      render: (f) => (
        <ReviewToggle
          path={`/api/admin/feedback/${f.id}`}
          version={f.version}
          reviewed={f.reviewedAt !== null}
          label={`valoración ${f.id}`}
        />
      ),
    },
  ]
  const suggestionColumns: Column<AdminSuggestion>[] = [
    { key: 'createdAt', label: 'Fecha', sort: 'createdAt', render: (s) => formatDateTime(s.createdAt) },
    {
      key: 'text',
      label: 'Sugerencia',
      render: (s) => (
        <Stack gap="1">
          <Text fontSize="sm" maxW="md">
            {s.suggestion}
          </Text>
          <Excerpt label="Pregunta" text={s.question} />
          <Excerpt label="Respuesta" text={s.answer} />
        </Stack>
      ),
    },
    { key: 'user', label: 'Usuario', render: (s) => s.userEmail },
    {
      key: 'reviewed',
      label: 'Revisado',
      render: (s) => (
        <ReviewToggle
          path={`/api/admin/suggestions/${s.id}`}
          version={s.version}
          reviewed={s.reviewedAt !== null}
          label={`sugerencia ${s.id}`}
        />
      ),
    },
  ]

  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h3" size="md">
          Valoraciones de respuestas
        </Heading>
        <ListView
          list={feedback}
          caption="Valoraciones"
          columns={feedbackColumns}
          rowKey={(f) => String(f.id)}
          searchLabel="Buscar valoración"
          searchPlaceholder="Pregunta, respuesta o correo"
          filters={[
            {
              name: 'value',
              label: 'Valoración',
              options: [
                { value: 'positive', label: 'Positivas' },
                { value: 'negative', label: 'Negativas' },
              ],
            },
            { name: 'reviewed', label: 'Revisión', options: REVIEWED_OPTIONS },
          ]}
          testId="feedback-list"
        />
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Sugerencias
        </Heading>
        <ListView
          list={suggestions}
          caption="Sugerencias"
          columns={suggestionColumns}
          rowKey={(s) => String(s.id)}
          searchLabel="Buscar sugerencia"
          searchPlaceholder="Texto o correo"
          filters={[{ name: 'reviewed', label: 'Revisión', options: REVIEWED_OPTIONS }]}
          testId="suggestions-list"
        />
      </Stack>
    </Stack>
  )
}
