import { HStack, Progress, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { AnswerBubble } from './answer-bubble'
import { formatSeconds } from './format-seconds'

/**
 * Spec §2: a seconds timer in tenths, 'Esperando respuesta...' or the latest partial answer, and a bar. The partial
 * answer is drawn as the final answer will be (AnswerBubble), its Markdown rendered as it arrives; the timer and
 * the bar sit where the answer's buttons will.
 */
export function LoadingIndicator({ startedAt, partial }: { startedAt: number; partial: string | null }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100)
    return () => clearInterval(timer)
  }, [])
  return (
    <AnswerBubble
      content={partial ?? ''}
      streaming
      role="status"
      aria-live="polite"
      data-testid="loading-indicator"
      footer={
        <HStack flex="1" gap="3">
          <Progress.Root value={null} size="xs" aria-label="Esperando respuesta" flex="1" maxW="40">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text
            fontSize="xs"
            color="fg.muted"
            fontVariantNumeric="tabular-nums"
            data-testid="loading-seconds"
          >
            {formatSeconds(now - startedAt)}
          </Text>
        </HStack>
      }
    />
  )
}
