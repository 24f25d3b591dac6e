import { Box, Button, HStack, NativeSelect, Text, Tooltip } from '@chakra-ui/react'
import { creditsLabel } from '../credits'
import type { PickerState } from './picker-state'

type Props = {
  state: PickerState
  onChange: (agentId: string) => void
  /** Opens the plans popup from the 'no credits' state. */
  onBuyCredits?: () => void
  width?: string
}

/** Spec §4 texts of the picker's special states. */
export const AGENT_NOTICES = {
  'no-agents': {
    label: 'Sin agentes disponibles',
    tip: 'No hay agentes activos disponibles en este momento.',
  },
  'no-credits': {
    label: 'Sin créditos disponibles',
    tip: 'No tienes créditos disponibles. Por favor, adquiere más créditos para continuar.',
  },
} as const

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
export function AgentPicker({ state, onChange, onBuyCredits, width = '64' }: Props) {
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
  if (state.kind === 'no-agents') return <Notice {...AGENT_NOTICES['no-agents']} />
  if (state.kind === 'no-credits') {
    return (
      <HStack gap="2" flexWrap="wrap">
        <Notice {...AGENT_NOTICES['no-credits']} />
        {onBuyCredits && (
          <Button size="sm" colorPalette="cyan" onClick={onBuyCredits} data-testid="buy-credits-from-picker">
            Adquirir creditos
          </Button>
        )}
      </HStack>
    )
  }
  return (
    <NativeSelect.Root size="sm" w={width}>
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
              ? `${agent.name} · ${creditsLabel(agent.credits)}`
              : `${agent.name} · Requiere ${agent.credits} créditos`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
