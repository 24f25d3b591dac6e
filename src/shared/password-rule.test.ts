import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from './auth-messages'
import { signUpPayload } from './auth-payloads'
import {
  NEW_PASSWORD_FIELD,
  newPasswordProblem,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from './password-rule'

describe('the new password rule (spec §5)', () => {
  it("refuses fewer than 6 characters with the spec's message, and nothing else", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6)
    expect(PASSWORD_TOO_SHORT).toBe('La contraseña debe tener al menos 6 caracteres')
    for (const password of ['', '1', '12345', '     '])
      expect(newPasswordProblem(password)).toBe(PASSWORD_TOO_SHORT)
    for (const password of ['123456', '      ', 'clave-segura-1'])
      expect(newPasswordProblem(password)).toBeNull()
    expect(NEW_PASSWORD_FIELD).toBe('new-password')
  })

  it("is the one the server's payload and the messages' catalogue hold", () => {
    expect(AUTH_MESSAGES['weak-password']).toBe(PASSWORD_TOO_SHORT)
    const refused = signUpPayload.safeParse({ email: 'ana@ejemplo.pe', password: '12345' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_TOO_SHORT])
    expect(signUpPayload.safeParse({ email: 'ana@ejemplo.pe', password: '123456' }).success).toBe(true)
  })

  it("imports nothing, so the prerendered page's script can check it without zod", async () => {
    const { readFileSync } = await import('node:fs')
    const source = readFileSync(new URL('./password-rule.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^\s*import\b/m)
  })
})
