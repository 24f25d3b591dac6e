import { Box, Progress, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { formatSeconds } from './format-seconds'

/** Spec §2: a seconds timer in tenths, 'Esperando respuesta...' or the latest partial answer, and a bar. */
export function LoadingIndicator({ startedAt, partial }: { startedAt: number; partial: string | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100)
    return () => clearInterval(timer)
  }, [])
  return (
    <Box
      role="status"
      aria-live="polite"
      borderWidth="1px"
      rounded="lg"
      p="3"
      bg="bg.subtle"
      data-testid="loading-indicator"
    >
      <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="loading-seconds">
        {formatSeconds(now - startedAt)}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" my="2" data-testid="loading-text" maxH="40" overflowY="auto">
        {partial || 'Esperando respuesta...'}
      </Text>
      <Progress.Root value={null} size="xs" aria-label="Esperando respuesta">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  )
}
