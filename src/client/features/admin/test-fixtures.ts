import type { AdminAgent, AdminUser } from '../../../shared/admin'

/** Records as the server's admin routes answer them, for the console's tests. */
export const adminAgent = (over: Partial<AdminAgent> = {}): AdminAgent => ({
  id: 'laboral',
  name: 'Laboral',
  description: 'Derecho laboral',
  url: 'builtin:research',
  credits: 2,
  status: 'active',
  sortOrder: 3,
  countryCode: 'PE',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u1',
  email: 'ana@ejemplo.pe',
  name: 'ana',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  disabledAt: null,
  isAdmin: false,
  remainingCredits: 5,
  ...over,
})

/** The parsed JSON body of a fetch call. */
export const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body))
