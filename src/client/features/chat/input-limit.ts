import { USER_INPUT_MAX_LENGTH } from '../../../shared/consultation-schemas'

/** The counter shows from this close to the limit: further away it would only be noise under every question. */
export const COUNTER_FROM_REMAINING = 500

export type InputLimit =
  | { kind: 'quiet' }
  | { kind: 'counting'; remaining: number }
  | { kind: 'over'; excess: number }

/**
 * Where a question stands against the server's limit. A longer paste is kept whole and flagged, not cut: the
 * person chooses what to drop, and nothing is lost without a word.
 */
export function inputLimit(text: string, max: number = USER_INPUT_MAX_LENGTH): InputLimit {
  const remaining = max - text.length
  if (remaining < 0) return { kind: 'over', excess: -remaining }
  if (remaining <= COUNTER_FROM_REMAINING) return { kind: 'counting', remaining }
  return { kind: 'quiet' }
}

/** Spec §2's counter wording, as under the Sugerencias box. */
export const remainingLabel = (remaining: number) => `${remaining} caracteres restantes`

export const excessLabel = (excess: number) =>
  `Sobra${excess === 1 ? '' : 'n'} ${excess} ${excess === 1 ? 'carácter' : 'caracteres'}.`
