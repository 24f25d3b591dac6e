import { describe, expect, it } from 'vitest'
import { SPEECH_CHUNK_LIMIT, speechChunks, stripMarkdown } from './speech-text'

describe('stripMarkdown', () => {
  it('removes headings, emphasis, quotes, lists, links, code, tables and citation markers', () => {
    const md = [
      '## Mandato presidencial',
      '',
      'El **mandato** dura _cinco años_ [1].',
      '> Artículo 112.- El mandato presidencial es de cinco años.',
      '- sin reelección inmediata',
      '1. Ver [la Constitución](https://example.pe/con) y `art. 112`.',
      '| Norma | Artículo |',
      '| --- | --- |',
      '| CON | 112 |',
    ].join('\n')
    const plain = stripMarkdown(md)
    expect(plain).not.toMatch(/[#*_>`[\]]|https?:|---/)
    expect(plain).toContain('Mandato presidencial')
    expect(plain).toContain('El mandato dura cinco años .')
    expect(plain).toContain('Ver la Constitución y art. 112.')
    expect(plain).toContain('CON')
  })
})

describe('speechChunks', () => {
  it('ignores empty or whitespace-only text', () => {
    expect(speechChunks('')).toEqual([])
    expect(speechChunks('  \n\t ')).toEqual([])
    expect(speechChunks('** **')).toEqual([])
  })

  it('splits at sentence ends', () => {
    expect(speechChunks('Primera frase. ¿Segunda? ¡Tercera! Fin')).toEqual([
      'Primera frase.',
      '¿Segunda?',
      '¡Tercera!',
      'Fin',
    ])
  })

  it('breaks a sentence over 200 characters at commas or semicolons, never exceeding the limit', () => {
    const clause = 'el trabajador tiene derecho a una indemnización por despido arbitrario'
    const long = `${clause}, ${clause}; ${clause}, ${clause}.`
    expect(long.length).toBeGreaterThan(SPEECH_CHUNK_LIMIT)
    const chunks = speechChunks(long)
    expect(chunks.length).toBeGreaterThan(1)
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(SPEECH_CHUNK_LIMIT)
    expect(chunks[0]!.endsWith(',') || chunks[0]!.endsWith(';')).toBe(true)
    expect(chunks.join(' ')).toBe(long)
  })

  it('falls back to words for a clause without commas that is still too long', () => {
    const words = Array.from({ length: 80 }, (_, i) => `palabra${i}`).join(' ')
    const chunks = speechChunks(words)
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(SPEECH_CHUNK_LIMIT)
    expect(chunks.join(' ')).toBe(words)
  })
})
