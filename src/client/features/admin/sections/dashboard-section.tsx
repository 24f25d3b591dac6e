import { Button, HStack, SimpleGrid, Spinner, Stack } from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { dashboardQuerySchema, dashboardSchema } from '../../../../shared/admin'
import { apiGet } from '../../../lib/api-client'
import { adminUrl } from '../shared/admin-url'
import { DailyBars, RankBars } from '../shared/bar-chart'
import { checkWith, type FieldErrors } from '../shared/field-errors'
import { TextField } from '../shared/form-fields'
import { formatSoles } from '../shared/format'
import { ProblemNotice } from '../shared/problem-notice'

type Range = { from?: string; to?: string }

const day = (iso: string) => iso.slice(5) // 'MM-DD': the year is in the range fields

/** Panel: the period's consultations, abstentions, credits, revenue and sign-ups, as charts. */
export function DashboardSection() {
  const [range, setRange] = useState<Range>({})
  const [draft, setDraft] = useState({ from: '', to: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const url = adminUrl('dashboard', range)
  const query = useQuery({
    queryKey: ['admin', 'dashboard', url],
    queryFn: () => apiGet(url, dashboardSchema),
    placeholderData: keepPreviousData,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkWith(dashboardQuerySchema, {
      from: draft.from || undefined,
      to: draft.to || undefined,
    })
    setErrors(checked.errors ?? {})
    if (checked.data) setRange(checked.data)
  }

  const data = query.data
  const series = (points: { date: string; value: number }[]) =>
    points.map((p) => ({ key: p.date, label: day(p.date), value: p.value }))
  return (
    <Stack gap="4">
      <form onSubmit={submit} noValidate aria-label="Período del panel">
        <HStack gap="3" align="end" wrap="wrap">
          <TextField
            label="Desde"
            type="date"
            value={draft.from}
            onChange={(from) => setDraft((d) => ({ ...d, from }))}
            error={errors.from}
            helper={data ? `Ahora: ${data.from}` : undefined}
          />
          <TextField
            label="Hasta"
            type="date"
            value={draft.to}
            onChange={(to) => setDraft((d) => ({ ...d, to }))}
            error={errors.to}
            helper={data ? `Ahora: ${data.to}` : undefined}
          />
          <Button type="submit" size="sm" variant="outline">
            Ver período
          </Button>
        </HStack>
      </form>
      {query.isError && <ProblemNotice error={query.error} />}
      {query.isPending && <Spinner role="status" aria-label="Cargando" color="cyan.fg" />}
      {data && (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" data-testid="dashboard">
          <DailyBars
            title="Consultas por día"
            points={series(data.consultationsPerDay)}
            testId="chart-consultations"
          />
          <RankBars
            title="Consultas por agente"
            items={data.consultationsPerAgent.map((a) => ({ key: a.agentId, label: a.name, value: a.value }))}
            testId="chart-agents"
          />
          <DailyBars title="Abstenciones (sin cobro) por día" points={series(data.abstentionsPerDay)} />
          <DailyBars title="Créditos vendidos por día" points={series(data.creditsSoldPerDay)} />
          <DailyBars title="Créditos gastados por día" points={series(data.creditsSpentPerDay)} />
          <DailyBars title="Ingresos por día" points={series(data.revenuePerDay)} format={formatSoles} />
          <DailyBars title="Altas por día" points={series(data.signupsPerDay)} />
        </SimpleGrid>
      )}
    </Stack>
  )
}
