import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Compares a presented secret with the configured one in constant time. Hashing first gives both sides the same
 * length, so neither the content nor the length of the secret leaks through timing.
 */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
