import { describe, expect, it } from 'vitest'
import { remainingLabel, SUGGESTION_BLANK_MESSAGE, suggestionRequestSchema } from './suggestion-schemas'

const issue = (value: unknown) => suggestionRequestSchema.safeParse(value).error?.issues[0]?.message

describe('suggestion limits', () => {
  it('accepts up to 250 characters, trimmed', () => {
    expect(suggestionRequestSchema.parse({ suggestion: `  ${'a'.repeat(250)}  ` }).suggestion).toHaveLength(
      250,
    )
  })
  it('refuses blank, missing and over-long suggestions with Spanish messages', () => {
    expect(issue({ suggestion: '   \n ' })).toBe(SUGGESTION_BLANK_MESSAGE)
    expect(issue({})).toBe(SUGGESTION_BLANK_MESSAGE)
    expect(issue({ suggestion: 'a'.repeat(251) })).toBe('La sugerencia no puede tener más de 250 caracteres')
  })
  it('counts the characters left', () => {
    expect(remainingLabel('')).toBe('250 caracteres restantes')
    expect(remainingLabel('Agreguen normas regionales')).toBe('224 caracteres restantes')
    expect(remainingLabel('a'.repeat(300))).toBe('0 caracteres restantes')
  })
})
