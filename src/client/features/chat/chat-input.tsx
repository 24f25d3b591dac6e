import { Button, HStack, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { USER_INPUT_MAX_LENGTH } from '../../../shared/consultation-schemas'

/** The question box: Enter sends, Shift+Enter breaks the line; disabled while an answer is on its way. */
export function ChatInput({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState('')
  const submit = () => {
    if (disabled || !text.trim()) return
    onSend(text)
    setText('')
  }
  return (
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
        placeholder="Escribe tu consulta legal…"
        value={text}
        maxLength={USER_INPUT_MAX_LENGTH}
        autoresize
        maxH="40"
        rows={1}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            submit()
          }
        }}
        data-testid="chat-input"
      />
      <Button type="submit" disabled={disabled || !text.trim()} data-testid="chat-send">
        Enviar
      </Button>
    </HStack>
  )
}
