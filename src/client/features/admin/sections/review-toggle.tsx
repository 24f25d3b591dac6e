import { Button, Stack } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiPatch } from '../../../lib/api-client'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminMutation } from '../shared/use-admin-mutation'

/**
 * Marks a feedback or a suggestion 'revisado' (or back), with the version read. After a 409 'Recargar registro'
 * reads the list again, so the row shows what someone else set and carries the version now stored.
 */
export function ReviewToggle({
  path,
  version,
  reviewed,
  label,
}: {
  path: string
  version: number
  reviewed: boolean
  label: string
}) {
  const client = useQueryClient()
  const toggle = useAdminMutation(() => apiPatch(path, { version, reviewed: !reviewed }, z.unknown()))
  function reload() {
    toggle.reset()
    void client.invalidateQueries({ queryKey: ['admin'] })
  }
  return (
    <Stack gap="1" align="start">
      <Button
        size="xs"
        variant={reviewed ? 'subtle' : 'outline'}
        onClick={() => toggle.mutate(undefined)}
        loading={toggle.isPending}
        aria-pressed={reviewed}
        aria-label={`Revisado: ${label}`}
      >
        {reviewed ? 'Revisado' : 'Marcar revisado'}
      </Button>
      {toggle.isError && <ProblemNotice error={toggle.error} onReload={reload} />}
    </Stack>
  )
}
