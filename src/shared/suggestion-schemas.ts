import { z } from 'zod'
import { safeText } from './fields'

/** Spec §5/§9: at most 250 characters, not blank after trimming. */
export const SUGGESTION_MAX_LENGTH = 250
export const SUGGESTION_BLANK_MESSAGE = 'Por favor ingresa tu sugerencia'

export const suggestionRequestSchema = z.object({
  suggestion: safeText({ error: SUGGESTION_BLANK_MESSAGE })
    .trim()
    .min(1, SUGGESTION_BLANK_MESSAGE)
    .max(SUGGESTION_MAX_LENGTH, `La sugerencia no puede tener más de ${SUGGESTION_MAX_LENGTH} caracteres`),
})
export type SuggestionRequest = z.infer<typeof suggestionRequestSchema>

export const suggestionResponseSchema = z.object({ id: z.number().int(), message: z.string() })
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>

/** Spec §2 counter under the textarea. */
export function remainingLabel(text: string): string {
  return `${Math.max(0, SUGGESTION_MAX_LENGTH - text.length)} caracteres restantes`
}
