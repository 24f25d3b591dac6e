import { z } from 'zod'
import './zod-spanish'

/**
 * Building blocks for every payload schema: text PostgreSQL can store and integers that fit their column, so a
 * hostile value is a Spanish 400 at the boundary instead of a database error (issue 14, item 5).
 */

/** PostgreSQL's `integer` (int4): ids, plan ids, credit amounts and balances all live in one. */
export const INT4_MAX = 2_147_483_647

/**
 * NUL (PostgreSQL refuses it in text) and the other C0 controls and DEL, which no form can type; tab, line feed
 * and carriage return stay, a question or a suggestion may have lines.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
export const CONTROL_CHARACTERS_MESSAGE = 'El texto contiene caracteres no permitidos'

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text)

type StringParams = Parameters<typeof z.string>[0]

/** A string with no control characters; `params` as z.string takes them (the message for a non-string). */
export function safeText(params?: StringParams) {
  return z.string(params).refine((s) => !hasControlCharacters(s), CONTROL_CHARACTERS_MESSAGE)
}

type NumberParams = Parameters<typeof z.number>[0]

/** A serial id of ours (1 … int4 max): a larger one cannot exist and would only reach the database as an error. */
export function int4Id(params?: NumberParams) {
  return z.number(params).int().min(1).max(INT4_MAX)
}

/** An id in a path (`/api/consultations/:historyId`): digits only, and an id that fits int4. */
export function int4IdParam(message: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(1, message).max(INT4_MAX, message))
}

/** Anything decoded from JSON holds a string with control characters somewhere (keys included). */
export function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value)
  if (value === null || typeof value !== 'object') return false
  // Deeper than any payload of ours: refused rather than walked.
  if (depth > 32) return true
  if (Array.isArray(value)) return value.some((v) => containsControlCharacters(v, depth + 1))
  return Object.entries(value).some(
    ([k, v]) => hasControlCharacters(k) || containsControlCharacters(v, depth + 1),
  )
}
