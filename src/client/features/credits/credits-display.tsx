import { HStack, Progress, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { creditBar } from './credit-bar'
import { useCreditsStore } from './credits-store'

/** Spec §9: the block shows its loading text for 500 ms before the figures. */
export const CREDITS_LOADING_MS = 500

/** At 0 the range has no width: the track is tinted and outlined in red so the red state still shows. */
const EMPTY_TRACK = { bg: 'red.muted', borderWidth: '1px', borderColor: 'red.solid' } as const

/** The sidebar's credits block (spec §2): remaining of total with the coloured bar, striped and moving at ≤ 10 %. */
export function CreditsDisplay() {
  const summary = useCreditsStore((s) => s.userCredits)
  const [warming, setWarming] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setWarming(false), CREDITS_LOADING_MS)
    return () => clearTimeout(timer)
  }, [])

  if (warming || !summary) {
    return (
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="credits-display-loading">
        Cargando…
      </Text>
    )
  }
  const { remaining_credits: remaining, total_credits: total } = summary
  const bar = creditBar(remaining, total)
  return (
    <Stack gap="1.5" data-testid="credits-display" data-color={bar.colorPalette} data-striped={bar.striped}>
      <HStack justify="space-between" fontSize="sm">
        <Text fontWeight="medium">Créditos</Text>
        <Text data-testid="credits-display-figures">
          {remaining} de {total}
        </Text>
      </HStack>
      <Progress.Root
        value={bar.percent}
        colorPalette={bar.colorPalette}
        striped={bar.striped}
        animated={bar.striped}
        size="sm"
        aria-label={`Créditos disponibles: ${remaining} de ${total}`}
      >
        <Progress.Track {...(bar.empty ? EMPTY_TRACK : {})} data-empty={bar.empty || undefined}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  )
}
