import { Box, Button, HStack, NativeSelect, Text, Tooltip } from '@chakra-ui/react'
import { useEffect } from 'react'
import { pickerState } from './picker-state'
import { useAgents } from './use-agents'

type Props = {
  remaining: number | null
  value: string | null
  onChange: (agentId: string) => void
  /** Tells the page which agent is in effect (the first active one when none was chosen). */
  onResolved?: (agent: { id: string; credits: number } | null) => void
  onAgentsLoaded?: (agents: { id: string; credits: number }[]) => void
  /** Opens the plans popup from the 'no credits' state. */
  onBuyCredits?: () => void
}

function Notice({ label, tip }: { label: string; tip: string }) {
  return (
    <Tooltip.Root openDelay={500}>
      <Tooltip.Trigger asChild>
        <Box
          as="span"
          tabIndex={0}
          px="3"
          py="1.5"
          borderWidth="1px"
          rounded="md"
          fontSize="sm"
          color="fg.muted"
          data-testid="agent-picker-notice"
        >
          {label}
        </Box>
      </Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content>{tip}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  )
}

/** Spec §2/§4 agent picker: only active agents; those costing more than the balance shown disabled. */
export function AgentPicker({ remaining, value, onChange, onResolved, onAgentsLoaded, onBuyCredits }: Props) {
  const query = useAgents()
  const state = pickerState({
    loading: query.isPending,
    failed: query.isError,
    agents: query.data,
    remaining,
    selectedId: value,
  })
  const resolved =
    state.kind === 'list' ? state.agents.find((a) => a.agent.id === state.selectedId)?.agent : null
  useEffect(() => {
    onResolved?.(resolved ? { id: resolved.id, credits: resolved.credits } : null)
  }, [resolved?.id, resolved?.credits, onResolved, resolved])
  useEffect(() => {
    if (query.data) onAgentsLoaded?.(query.data.map((a) => ({ id: a.id, credits: a.credits })))
  }, [query.data, onAgentsLoaded])

  if (state.kind === 'loading') {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="agent-picker-loading">
        Cargando agentes...
      </Text>
    )
  }
  if (state.kind === 'error') {
    return (
      <Text fontSize="sm" color="fg.error" role="alert">
        No se pudieron cargar los agentes
      </Text>
    )
  }
  if (state.kind === 'no-agents') {
    return (
      <Notice label="Sin agentes disponibles" tip="No hay agentes activos disponibles en este momento." />
    )
  }
  if (state.kind === 'no-credits') {
    return (
      <HStack gap="2">
        <Notice
          label="Sin créditos disponibles"
          tip="No tienes créditos disponibles. Por favor, adquiere más créditos para continuar."
        />
        {onBuyCredits && (
          <Button size="sm" colorPalette="cyan" onClick={onBuyCredits} data-testid="buy-credits-from-picker">
            Adquirir creditos
          </Button>
        )}
      </HStack>
    )
  }
  return (
    <NativeSelect.Root size="sm" w={{ base: '40', md: '64' }}>
      <NativeSelect.Field
        aria-label="Agente"
        data-testid="agent-picker"
        value={state.selectedId}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="" disabled hidden>
          Seleccionar agente
        </option>
        {state.agents.map(({ agent, affordable }) => (
          <option key={agent.id} value={agent.id} disabled={!affordable}>
            {affordable
              ? `${agent.name} · ${agent.credits} ${agent.credits === 1 ? 'crédito' : 'créditos'}`
              : `${agent.name} · Requiere ${agent.credits} créditos`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
