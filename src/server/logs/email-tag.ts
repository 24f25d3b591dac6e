import { createHmac } from 'node:crypto'

/** The address as a log line may show it: the first character of the local part and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/**
 * A keyed hash of the address: the same for every line and counter about one address, so they can be joined,
 * but not reversible by hashing a list of addresses without the server's secret.
 */
export function emailDigest(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`lexia-email:${normalizeEmail(email)}`)
    .digest('hex')
    .slice(0, 16)
}

/** The fields a security log line carries about an address: never the address itself. */
export function emailFields(secret: string, email: string): { email: string; emailHash: string } {
  return { email: maskEmail(normalizeEmail(email)), emailHash: emailDigest(secret, email) }
}
