import { Button, Stack } from '@chakra-ui/react'
import { z } from 'zod'
import { apiPatch } from '../../../lib/api-client'
import { ProblemNotice } from '../shared/problem-notice'
import { useAdminMutation } from '../shared/use-admin-mutation'

/**
 * Marks a feedback or a suggestion 'revisado' (or back), with the version read. On a 409 the list is read again
 * by the mutation's refresh, so 'Recargar registro' only has to clear the message.
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
  const toggle = useAdminMutation(() => apiPatch(path, { version, reviewed: !reviewed }, z.unknown()))
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
      {toggle.isError && <ProblemNotice error={toggle.error} onReload={() => toggle.reset()} />}
    </Stack>
  )
}
