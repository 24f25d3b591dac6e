import { Badge } from '@chakra-ui/react'
import { useCreditsStore } from './credits-store'

/** The balance in the chat header; the sidebar's full display comes with the workspace. */
export function CreditsBadge() {
  const summary = useCreditsStore((s) => s.userCredits)
  if (!summary) return null
  const n = summary.remaining_credits
  return (
    <Badge
      size="lg"
      variant="surface"
      colorPalette={n <= 0 ? 'red' : 'gray'}
      data-testid="credits-remaining"
      aria-label={`Créditos disponibles: ${n}`}
    >
      {n} {n === 1 ? 'crédito' : 'créditos'}
    </Badge>
  )
}
