import { createHash } from 'node:crypto'

export type CachedSession = {
  user: { id: string; email: string; lastSignInAt: Date | null }
  sessionId: string
}

/** How long a resolved session is reused without asking the database again. */
export const SESSION_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

/** The credential a request presents — its bearer token, else its session cookie — or null without one. */
export function credentialOf(headers: Headers): string | null {
  const authorization = headers.get('authorization')
  if (authorization && /^bearer\s+\S/i.test(authorization)) return `bearer:${authorization.slice(7).trim()}`
  const cookie = headers.get('cookie')?.match(/(?:^|;\s*)(?:__Secure-)?lexia\.session_token=([^;]+)/)
  return cookie ? `cookie:${cookie[1]}` : null
}

const keyOf = (credential: string) => createHash('sha256').update(credential).digest('base64url')

/**
 * A short-lived memory of resolved sessions, keyed by a hash of the credential: a consultation's sign-in check
 * was a third of its server cost (issue 4's overhead figure). Entries live 10 s at most and never past the
 * session's own expiry; any auth change in this process (sign-out, password change or reset) clears the cache, so
 * a signed-out token is refused at once here — another instance may accept it for up to 10 s
 * (docs/decisions/0008). An account disabled in the console is evicted on every instance at once (the
 * 'sessions' notification, docs/decisions/0027).
 */
export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, now: () => number = Date.now) {
  const entries = new Map<string, { value: CachedSession; expires: number }>()
  return {
    get(credential: string): CachedSession | null {
      const key = keyOf(credential)
      const hit = entries.get(key)
      if (!hit) return null
      if (hit.expires <= now()) {
        entries.delete(key)
        return null
      }
      return hit.value
    },
    set(credential: string, value: CachedSession, sessionExpiresAt: Date | string | null): void {
      const until = sessionExpiresAt ? new Date(sessionExpiresAt).getTime() : Number.POSITIVE_INFINITY
      const expires = Math.min(now() + ttlMs, until)
      if (!(expires > now())) return
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(keyOf(credential), { value, expires })
    },
    clear(): void {
      entries.clear()
    },
    /** Forgets every session of one account (disabled by an operator, here or on another instance). */
    evictUser(userId: string): number {
      let evicted = 0
      for (const [key, entry] of entries)
        if (entry.value.user.id === userId) {
          entries.delete(key)
          evicted++
        }
      return evicted
    },
    get size() {
      return entries.size
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>

const caches = new WeakMap<object, SessionCache>()

/** One cache per auth instance (the app's), shared by every route that checks the session. */
export function sessionCacheFor(auth: object): SessionCache {
  let cache = caches.get(auth)
  if (!cache) {
    cache = createSessionCache()
    caches.set(auth, cache)
  }
  return cache
}
