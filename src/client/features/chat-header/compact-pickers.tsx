import {
  Button,
  CloseButton,
  Field,
  HStack,
  Popover,
  Portal,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { ChevronDown } from 'lucide-react'
import { AGENT_NOTICES, AgentPicker, chosenAgent, type PickerState } from '../agents'
import { type CountryChoice, CountryFlag, CountryPicker } from '../countries'
import { creditsLabel } from '../credits'

type Props = {
  country: CountryChoice
  agents: PickerState
  onAgentChange: (agentId: string) => void
  onBuyCredits: () => void
}

/** What the folded control says about the agent: its name and cost, or the picker's special state (spec §4). */
export function agentSummary(state: PickerState): { title: string; cost: string | null } {
  switch (state.kind) {
    case 'loading':
      return { title: 'Cargando agentes...', cost: null }
    case 'error':
      return { title: 'No se pudieron cargar los agentes', cost: null }
    case 'no-agents':
    case 'no-credits':
      return { title: AGENT_NOTICES[state.kind].label, cost: null }
    case 'list': {
      const agent = chosenAgent(state)
      return agent
        ? { title: agent.name, cost: creditsLabel(agent.credits) }
        : { title: 'Seleccionar agente', cost: null }
    }
  }
}

/**
 * The header's country and agent pickers folded into one control, for headers too narrow to hold them side by
 * side: it shows the country's flag and code and the agent's name and cost; pressing it opens both pickers.
 */
export function CompactPickers({ country, agents, onAgentChange, onBuyCredits }: Props) {
  const summary = agentSummary(agents)
  const detail = [country.loading ? 'Cargando países...' : country.value, summary.cost]
    .filter(Boolean)
    .join(' · ')
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          h="auto"
          minH="10"
          py="1"
          px="1.5"
          gap="1"
          minW="0"
          flexShrink={1}
          justifyContent="flex-start"
          data-testid="header-pickers"
        >
          <Stack gap="0" minW="0" align="start" textAlign="start">
            <VisuallyHidden>País y agente: </VisuallyHidden>
            <Text
              truncate
              maxW="full"
              fontSize="sm"
              fontWeight="medium"
              lineHeight="1.25"
              color={agents.kind === 'error' ? 'fg.error' : undefined}
              data-testid="header-pickers-agent"
            >
              {summary.title}
            </Text>
            {/* The flag goes under the name, so the name keeps the width at 320px. */}
            <HStack gap="1" maxW="full">
              <CountryFlag iso2={country.value} />
              {detail && (
                <Text
                  truncate
                  fontSize="xs"
                  color="fg.muted"
                  lineHeight="1.25"
                  data-testid="header-pickers-detail"
                >
                  {detail}
                </Text>
              )}
            </HStack>
          </Stack>
          <ChevronDown />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="min(20rem, calc(100vw - 1rem))" data-testid="header-pickers-panel">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="4">
                <Popover.Title fontWeight="semibold">País y agente</Popover.Title>
                <Field.Root>
                  <Field.Label>País</Field.Label>
                  <CountryPicker choice={country} width="full" />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Agente</Field.Label>
                  <AgentPicker
                    state={agents}
                    onChange={onAgentChange}
                    onBuyCredits={onBuyCredits}
                    width="full"
                  />
                </Field.Root>
              </Stack>
            </Popover.Body>
            <Popover.CloseTrigger asChild>
              <CloseButton size="sm" position="absolute" top="2" insetEnd="2" aria-label="Cerrar" />
            </Popover.CloseTrigger>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
