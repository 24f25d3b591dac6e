import { Button, HStack, IconButton } from '@chakra-ui/react'
import { ThumbsDown, ThumbsUp } from 'lucide-react'
import { useEffect } from 'react'
import { copyText } from '../../lib/copy-text'
import { useFeedback } from '../feedback'
import { stripMarkdown, useSpeech } from '../speech'
import type { ChatEntry } from './chat-types'

// The Markdown parser shares the renderer's lazy chunk: fetched when an answer's actions show, ready by the click.
const loadPlainText = () => import('./answer-plain-text')

/** Spec §5 copy: the answer as plain text with its sources, never its Markdown markers. */
async function copyAnswer(entry: ChatEntry) {
  let text: string
  try {
    text = (await loadPlainText()).answerPlainText(entry)
  } catch {
    // The parser could not be fetched (offline): the markers are still stripped, by the reader's rule.
    text = stripMarkdown(entry.content)
  }
  await copyText(text)
}

function Feedback({ historyId, sessionId }: { historyId: number; sessionId: string }) {
  const { value, rate, sending } = useFeedback(historyId, sessionId)
  return (
    <>
      <IconButton
        size="xs"
        variant={value === 'positive' ? 'subtle' : 'ghost'}
        aria-label="Valoración positiva"
        aria-pressed={value === 'positive'}
        disabled={sending}
        onClick={() => void rate('positive')}
        data-testid="feedback-positive"
      >
        <ThumbsUp />
      </IconButton>
      <IconButton
        size="xs"
        variant={value === 'negative' ? 'subtle' : 'ghost'}
        aria-label="Valoración negativa"
        aria-pressed={value === 'negative'}
        disabled={sending}
        onClick={() => void rate('negative')}
        data-testid="feedback-negative"
      >
        <ThumbsDown />
      </IconButton>
    </>
  )
}

/** Spec §2 message actions: rate, copy, and read aloud ('Iniciar lectura' / 'Detener lectura'). */
export function MessageActions({ entry, sessionId }: { entry: ChatEntry; sessionId: string }) {
  const speech = useSpeech()
  const speaking = speech.status === 'speaking' && speech.messageId === entry.id
  useEffect(() => {
    void loadPlainText().catch(() => {})
  }, [])
  return (
    <HStack gap="1" flexWrap="wrap">
      {entry.historyId !== null && <Feedback historyId={entry.historyId} sessionId={sessionId} />}
      <Button size="xs" variant="ghost" onClick={() => void copyAnswer(entry)} data-testid="copy-answer">
        Copiar
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-pressed={speaking}
        onClick={() =>
          speaking
            ? speech.stop()
            : speech.speak(entry.content, { messageId: entry.id, contextId: sessionId })
        }
      >
        {speaking ? 'Detener lectura' : 'Iniciar lectura'}
      </Button>
    </HStack>
  )
}
