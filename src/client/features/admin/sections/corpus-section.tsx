import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type AdminDocument,
  adminCorpusSchema,
  documentPageSchema,
  reingestAcceptedSchema,
} from '../../../../shared/admin'
import { apiGet, apiPost } from '../../../lib/api-client'
import { ConfirmDialog } from '../shared/confirm-dialog'
import type { Column } from '../shared/data-table'
import { formatDateTime } from '../shared/format'
import { ListView } from '../shared/list-view'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminList } from '../shared/use-admin-list'

const STATE_LABELS = { idle: 'En reposo', indexing: 'Indexando', done: 'Terminado' } as const

/** Corpus: the background pass, what is stored, files with errors; re-ingest one file or all. */
export function CorpusSection() {
  const corpus = useQuery({
    queryKey: ['admin', 'corpus'],
    queryFn: () => apiGet('/api/admin/corpus', adminCorpusSchema),
    // While something runs the progress is read every 5 s; otherwise once.
    refetchInterval: (q) =>
      q.state.data?.status.state === 'indexing' || q.state.data?.reingest?.state === 'running' ? 5000 : false,
  })
  const documents = useAdminList('corpus/documents', documentPageSchema, { sort: 'identifier', dir: 'asc' })
  const [target, setTarget] = useState<string | 'all' | null>(null)

  const columns: Column<AdminDocument>[] = [
    { key: 'identifier', label: 'Identificador', sort: 'identifier', render: (d) => d.identifier },
    { key: 'title', label: 'Título', sort: 'title', render: (d) => d.title },
    { key: 'kind', label: 'Tipo', render: (d) => d.kind },
    { key: 'passages', label: 'Pasajes', sort: 'passages', numeric: true, render: (d) => d.passages },
    { key: 'ingestedAt', label: 'Ingerido', sort: 'ingestedAt', render: (d) => formatDateTime(d.ingestedAt) },
    {
      key: 'actions',
      label: 'Acciones',
      render: (d) =>
        d.sourcePath ? (
          <Button
            size="xs"
            variant="outline"
            onClick={() => setTarget(d.sourcePath)}
            aria-label={`Reingestar ${d.identifier}`}
          >
            Reingestar
          </Button>
        ) : null,
    },
  ]

  const data = corpus.data
  const status = data?.status
  return (
    <Stack gap="6">
      {corpus.isError && <ProblemNotice error={corpus.error} />}
      {corpus.isPending && <Spinner role="status" aria-label="Cargando" color="cyan.fg" />}
      {data && status && (
        <Stack gap="4" data-testid="corpus-status">
          <HStack gap="3" wrap="wrap">
            <Badge colorPalette={status.state === 'indexing' ? 'orange' : 'green'}>
              {STATE_LABELS[status.state]}
            </Badge>
            <Text fontSize="sm">
              {status.documents} documentos · {status.passages} pasajes · última ingesta{' '}
              {formatDateTime(data.lastIngestedAt)}
            </Text>
            <Button size="sm" ms="auto" variant="outline" onClick={() => setTarget('all')}>
              Reingestar todo
            </Button>
          </HStack>
          {status.files.total > 0 && (
            <Progress.Root value={status.files.done} max={status.files.total} size="sm">
              <Progress.Label fontSize="sm">
                Archivos: {status.files.done} de {status.files.total} ({status.files.ingested} ingeridos,{' '}
                {status.files.skipped} sin cambios)
              </Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {data.byKind.map((k) => (
              <Stack key={k.kind} gap="0" borderWidth="1px" borderColor="border.muted" rounded="md" p="3">
                <Text fontSize="xs" color="fg.muted">
                  {k.kind}
                </Text>
                <Text fontSize="sm" fontWeight="medium">
                  {k.documents} documentos · {k.passages} pasajes
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {data.reingest && (
            <Text fontSize="sm" role="status">
              Reingesta de {data.reingest.target}:{' '}
              {data.reingest.state === 'running'
                ? 'en curso'
                : data.reingest.state === 'done'
                  ? 'terminada'
                  : 'fallida'}{' '}
              · {data.reingest.ingested} ingeridos, {data.reingest.skipped} sin cambios,{' '}
              {data.reingest.failed.length} con error
            </Text>
          )}
          {status.errors.length > 0 && (
            <Stack gap="2">
              <Heading as="h3" size="sm">
                Archivos con errores
              </Heading>
              <Stack as="ul" gap="1" ps="4" listStyleType="disc">
                {status.errors.map((e) => (
                  <Box as="li" key={e.path} fontSize="sm">
                    <HStack gap="2" wrap="wrap">
                      <Text as="span" fontFamily="mono">
                        {e.path}
                      </Text>
                      <Text as="span" color="fg.muted">
                        {e.reason}
                      </Text>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setTarget(e.path)}
                        aria-label={`Reingestar ${e.path}`}
                      >
                        Reingestar
                      </Button>
                    </HStack>
                  </Box>
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      )}
      <Stack gap="3">
        <Heading as="h3" size="md">
          Documentos
        </Heading>
        <ListView
          list={documents}
          caption="Documentos del corpus"
          columns={columns}
          rowKey={(d) => String(d.id)}
          searchLabel="Buscar documento"
          searchPlaceholder="Identificador o título"
          testId="documents-list"
        />
      </Stack>
      {target && (
        <ConfirmDialog
          title={target === 'all' ? '¿Reingestar todo el corpus?' : `¿Reingestar ${target}?`}
          confirmLabel="Reingestar"
          onClose={() => setTarget(null)}
          onConfirm={() =>
            apiPost(
              '/api/admin/corpus/reingest',
              target === 'all' ? { all: true } : { path: target },
              reingestAcceptedSchema,
            )
          }
        >
          La ingesta corre en segundo plano; el avance se ve en esta sección.
        </ConfirmDialog>
      )}
    </Stack>
  )
}
