import { Button, Field, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import {
  remainingLabel,
  SUGGESTION_BLANK_MESSAGE,
  SUGGESTION_MAX_LENGTH,
  suggestionResponseSchema,
} from '../../../shared/suggestion-schemas'
import { AppDialog } from '../../components/app-dialog'
import { toaster } from '../../components/toaster'
import { ApiError, apiPost } from '../../lib/api-client'

/** Spec §2/§5 Sugerencias: at most 250 characters with a live counter; blank is refused before sending. */
export function SuggestionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const submit = async () => {
    if (!text.trim()) {
      toaster.create({ title: SUGGESTION_BLANK_MESSAGE, type: 'warning' })
      return
    }
    setSending(true)
    try {
      await apiPost('/api/suggestions', { suggestion: text }, suggestionResponseSchema)
      toaster.create({ title: 'Gracias', description: 'Tu sugerencia ha sido enviada', type: 'success' })
      setText('')
      onClose()
    } catch (error) {
      toaster.create({
        title: 'Error al enviar sugerencia',
        description:
          error instanceof ApiError && error.message ? error.message : 'No se pudo enviar tu sugerencia',
        type: 'error',
      })
    } finally {
      setSending(false)
    }
  }
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Sugerencias"
      testId="suggestion-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} loading={sending} data-testid="suggestion-send">
            Enviar
          </Button>
        </>
      }
    >
      <Field.Root>
        <Field.Label>¿Qué podemos mejorar?</Field.Label>
        <Textarea
          value={text}
          maxLength={SUGGESTION_MAX_LENGTH}
          rows={5}
          onChange={(e) => setText(e.currentTarget.value.slice(0, SUGGESTION_MAX_LENGTH))}
          data-testid="suggestion-text"
        />
        <Field.HelperText data-testid="suggestion-counter">{remainingLabel(text)}</Field.HelperText>
      </Field.Root>
    </AppDialog>
  )
}
