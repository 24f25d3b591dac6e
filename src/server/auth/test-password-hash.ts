import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * The password hash of the tests (AUTH_TEST_PASSWORD_HASH, NODE_ENV=test only): scrypt as better-auth's own, but at
 * N = 2^8 instead of 2^14, ~64 times cheaper. better-auth's costs ~0.14 s of CPU per sign-up or sign-in, and the
 * server tests sign up and in over and over; what they check is the flow around the hash, not its cost. The
 * `test-scrypt:` prefix keeps such a hash from ever passing for a real one. The real hash stays tested where the
 * accounts are the subject: auth.test.ts (docs/decisions/0035).
 */
const PREFIX = 'test-scrypt'
const N = 256
const KEY_LENGTH = 64

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: 16, p: 1 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  )
}

export const testPasswordHash = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex')
    return `${PREFIX}:${salt}:${(await key(password, salt)).toString('hex')}`
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [prefix, salt, stored] = hash.split(':')
    if (prefix !== PREFIX || !salt || !stored) return false
    const expected = Buffer.from(stored, 'hex')
    const derived = await key(password, salt)
    return expected.length === derived.length && timingSafeEqual(expected, derived)
  },
}
