import { Box, HStack, IconButton } from '@chakra-ui/react'
import { ColorModeToggle } from '../../components/color-mode'
import { LogoLink } from '../../components/logo'
import { AgentPicker, type PickerState } from '../agents'
import { UserMenu } from '../auth'
import { SIDEBAR_ID, SidebarToggleIcon } from '../chat-sessions'
import { type CountryChoice, CountryPicker } from '../countries'
import { CreditsBadge } from '../credits'
import { CompactPickers } from './compact-pickers'
import { ChatHeaderBar } from './header-bar'
import type { HeaderFit } from './header-fit'

type Props = {
  fit: HeaderFit
  /** Where the header starts: beside the open sidebar from 768px, at the edge otherwise. */
  left: { base: string; md: string }
  sidebarOpen: boolean
  onOpenSidebar: () => void
  country: CountryChoice
  agents: PickerState
  onAgentChange: (agentId: string) => void
  onBuyCredits: () => void
}

/**
 * Spec §2 chat header bar: country and agent pickers, the balance, the light/dark toggle and the user menu, laid
 * out for the width it has (`fit`) so that from 320px up nothing overlaps and nothing is cut to nothing.
 */
export function ChatHeader({
  fit,
  left,
  sidebarOpen,
  onOpenSidebar,
  country,
  agents,
  onAgentChange,
  onBuyCredits,
}: Props) {
  const narrow = fit === 'narrow'
  return (
    <ChatHeaderBar
      left={left}
      px={narrow ? '2' : { base: '2', md: '5' }}
      gap={narrow ? '1' : '2'}
      data-testid="chat-header"
      data-fit={fit}
    >
      <HStack gap={narrow ? '1' : '2'} minW="0" flex="1">
        {!sidebarOpen && (
          <IconButton
            size={narrow ? 'xs' : 'sm'}
            variant="ghost"
            aria-label="Mostrar historial"
            aria-controls={SIDEBAR_ID}
            aria-expanded={false}
            onClick={onOpenSidebar}
            data-testid="sidebar-toggle"
          >
            <SidebarToggleIcon />
          </IconButton>
        )}
        {!sidebarOpen && fit === 'wide' && (
          <Box hideBelow="lg">
            <LogoLink size={7} />
          </Box>
        )}
        {fit === 'wide' ? (
          <>
            <CountryPicker choice={country} />
            <AgentPicker state={agents} onChange={onAgentChange} onBuyCredits={onBuyCredits} />
          </>
        ) : (
          <CompactPickers
            country={country}
            agents={agents}
            onAgentChange={onAgentChange}
            onBuyCredits={onBuyCredits}
          />
        )}
      </HStack>
      <HStack gap={narrow ? '1' : '2'} flexShrink={0}>
        <CreditsBadge compact={narrow} />
        <ColorModeToggle size={narrow ? 'xs' : 'sm'} />
        <UserMenu compact={narrow} />
      </HStack>
    </ChatHeaderBar>
  )
}
