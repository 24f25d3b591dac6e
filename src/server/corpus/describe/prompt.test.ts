import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { NormArticle, ParsedNorm } from '../types'
import { parseAnswer } from './answer'
import { clip, fillPrompt, loadNormPrompt, normSource, SOURCE_BUDGET, sourceHash } from './prompt'

function code(articles: number, words = 60): ParsedNorm {
  const units: NormArticle[] = Array.from({ length: articles }, (_, i) => ({
    kind: 'articulo',
    number: String(i + 1),
    label: `Artículo ${i + 1}`,
    heading: `Encabezado del artículo ${i + 1}`,
    text: Array.from({ length: words }, (_, w) => `palabra${w}`).join(' '),
    notes: [],
    path: [`LIBRO ${Math.floor(i / 100) + 1}`, `TÍTULO ${Math.floor(i / 10) + 1}`],
    ordinal: i,
  }))
  return {
    meta: {
      identifier: 'LEY-1-2000',
      title: 'Ley de prueba',
      country: 'pe',
      rank: 'decreto_legislativo',
      publicationDate: '2000-01-02',
      lastUpdated: null,
      status: 'in_force',
      source: null,
      officialJournal: null,
    },
    preamble: null,
    articles: units,
    warnings: [],
  }
}

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function packWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-prompt-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, 'prompts'))
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'prompts', name), text)
  return dir
}

describe('norm-descriptor prompt', () => {
  it('keeps a 2,000-article code within the budget, saying how many headings were left out', () => {
    const source = normSource(code(2000))
    const size = source.structure.length + source.headings.length + source.articles.length
    expect(size).toBeLessThanOrEqual(SOURCE_BUDGET)
    expect(source.headings).toMatch(/… y \d+ más$/)
    expect(source.structure).toMatch(/^- LIBRO 1\n {2}- TÍTULO 1\n {2}- TÍTULO 2/)
    expect(source.articles).toContain('Artículo 3. Encabezado del artículo 3')
    expect(source.articles).not.toContain('Artículo 4.')
    expect(source.rank).toBe('decreto legislativo')
  })

  it('gives a short law without headings its whole first articles, and hashes only the norm', () => {
    const norm = code(2, 200)
    for (const a of norm.articles) {
      a.heading = null
      a.path = []
    }
    const source = normSource(norm)
    expect(source.articles).not.toContain('[…]')
    expect(source.structure).toContain('no tiene títulos')
    const other = normSource({ ...norm, meta: { ...norm.meta, title: 'Otra ley' } })
    expect(sourceHash(other)).not.toBe(sourceHash(source))
    expect(sourceHash(normSource(norm))).toBe(sourceHash(source))
  })

  it('takes the newest version, fills every marker once and leaves the norm text as written', () => {
    const dir = packWith({
      'norm-descriptor.v1.md': 'viejo {{title}}',
      'norm-descriptor.v10.md': 'T={{title}} I={{identifier}} A={{articles}}',
      'norm-descriptor.v9.md': 'anterior',
    })
    const prompt = loadNormPrompt(dir)
    expect(prompt.version).toBe('norm-descriptor.v10')
    const source = { ...normSource(code(1)), title: 'Ley $& de {{identifier}}' }
    expect(fillPrompt(prompt, source)).toMatch(/^T=Ley \$& de \{\{identifier\}\} I=LEY-1-2000 A=Artículo 1/)
    expect(() => loadNormPrompt(packWith({ 'norm-descriptor.v1.md': '{{titulo}}' }))).toThrow(/titulo/)
    expect(() => loadNormPrompt(packWith({}))).toThrow(/No hay prompt/)
  })

  it('cuts at a word and marks the cut', () => {
    expect(clip('uno dos tres cuatro cinco seis', 20)).toBe('uno dos tres […]')
    expect(clip('corto', 20)).toBe('corto')
  })
})

describe('answer parsing', () => {
  const good = {
    subject: 'Regula el registro de las micro y pequeñas empresas.',
    names: ['Ley MYPE', 'ley mype', 'Ley 28015'],
    concerns: ['dueño de una bodega', 'trabajador de microempresa', 'emprendedor', 'contador', 'municipio'],
    questions: [
      '¿Cómo me formalizo?',
      '¿Qué beneficios tengo?',
      '¿Pago menos?',
      '¿Cuánto gano?',
      '¿Y si no?',
    ],
  }
  it('takes the object out of a code block or a sentence, trims and drops repeats', () => {
    const parsed = parseAnswer(`Aquí va:\n\`\`\`json\n${JSON.stringify(good)}\n\`\`\``)
    expect(parsed).toEqual({ ok: true, content: { ...good, names: ['Ley MYPE', 'Ley 28015'] } })
  })
  it('says why an answer is not a descriptor', () => {
    expect(parseAnswer('no sé')).toEqual({ ok: false, reason: 'la respuesta no es un objeto JSON' })
    expect(parseAnswer('{"subject": "a",}')).toEqual({ ok: false, reason: 'la respuesta no es JSON válido' })
    const few = parseAnswer(JSON.stringify({ ...good, concerns: ['solo una'] }))
    expect(few).toMatchObject({ ok: false, reason: expect.stringContaining('concerns') })
    const missing = parseAnswer(JSON.stringify({ subject: good.subject }))
    expect(missing).toMatchObject({ ok: false, reason: expect.stringContaining('names') })
  })
})
