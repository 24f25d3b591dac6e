import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { USER_INPUT_TOO_LONG_MESSAGE } from '../../../shared/consultation-schemas'
import { ERROR_TEXT } from '../../components/error-text'
import { NoCreditsNotice } from '../credits'
import { excessLabel, inputLimit, remainingLabel } from './input-limit'

type Props = {
  disabled: boolean
  onSend: (text: string) => void
  /** Remaining credits are 0 or below: the box says so and offers the plans instead of ignoring Enter. */
  outOfCredits?: boolean
  onBuyCredits?: () => void
  /** The chat is still loading (decision 0036): nothing can be typed yet, so nothing typed is lost. */
  waiting?: boolean
}

/**
 * The question box: Enter sends, Shift+Enter breaks the line; disabled while an answer is on its way. What stops a
 * question from going (its length, no credits) is said under the box, not left for the person to guess.
 */
export function ChatInput({ disabled, onSend, outOfCredits = false, onBuyCredits, waiting = false }: Props) {
  const [text, setText] = useState('')
  const limitId = useId()
  const creditsId = useId()
  const limit = inputLimit(text)
  const over = limit.kind === 'over'
  const blocked = disabled || over || outOfCredits || !text.trim()
  const submit = () => {
    if (blocked) return
    onSend(text)
    setText('')
  }
  const describedBy = [limit.kind !== 'quiet' && limitId, outOfCredits && creditsId].filter(Boolean).join(' ')
  return (
    <Stack gap="1.5">
      <HStack
        as="form"
        align="end"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Textarea
          aria-label="Escribe tu consulta"
          aria-describedby={describedBy || undefined}
          aria-invalid={over || undefined}
          placeholder="Escribe tu consulta legal…"
          value={text}
          autoresize
          maxH="40"
          rows={1}
          disabled={waiting}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              submit()
            }
          }}
          data-testid="chat-input"
        />
        <Button type="submit" disabled={blocked} data-testid="chat-send">
          Enviar
        </Button>
      </HStack>
      {limit.kind === 'counting' && (
        <Text id={limitId} fontSize="xs" color="fg.muted" textAlign="end" data-testid="chat-input-counter">
          {remainingLabel(limit.remaining)}
        </Text>
      )}
      {limit.kind === 'over' && (
        <HStack
          id={limitId}
          gap="1"
          fontSize="sm"
          color={ERROR_TEXT}
          flexWrap="wrap"
          data-testid="chat-input-over"
        >
          {/* Only the fixed sentence is an alert: the count changes with every keystroke. */}
          <Text role="alert">{USER_INPUT_TOO_LONG_MESSAGE}.</Text>
          <Text>{excessLabel(limit.excess)}</Text>
        </HStack>
      )}
      {outOfCredits && <NoCreditsNotice id={creditsId} onBuy={onBuyCredits} />}
    </Stack>
  )
}
