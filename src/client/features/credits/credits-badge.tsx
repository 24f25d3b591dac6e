import { Badge } from '@chakra-ui/react'
import { Coins } from 'lucide-react'
import { creditsLabel } from './credits-label'
import { useCreditsStore } from './credits-store'

/** The balance in the chat header; `compact`, for the narrowest headers, shows a coin and the number. */
export function CreditsBadge({ compact = false }: { compact?: boolean }) {
  const summary = useCreditsStore((s) => s.userCredits)
  if (!summary) return null
  const n = summary.remaining_credits
  return (
    <Badge
      size={compact ? 'md' : 'lg'}
      variant="surface"
      colorPalette={n <= 0 ? 'red' : 'gray'}
      flexShrink={0}
      data-testid="credits-remaining"
      aria-label={`Créditos disponibles: ${n}`}
      title={compact ? `Créditos disponibles: ${n}` : undefined}
    >
      {compact ? (
        <>
          <Coins />
          {n}
        </>
      ) : (
        creditsLabel(n)
      )}
    </Badge>
  )
}
