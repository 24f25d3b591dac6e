import type { z } from 'zod'

export type FieldErrors = Record<string, string>

/**
 * The contract's schema checks a form before it is sent, with the same Spanish messages the server would answer:
 * the first message of each field.
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.infer<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value)
  if (result.success) return { data: result.data, errors: null }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_'
    errors[key] ??= issue.message
  }
  return { data: null, errors }
}

/** A whole number typed in a field: NaN for anything else, so the schema refuses it with its own message. */
export function toInt(text: string): number {
  const trimmed = text.trim()
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}
