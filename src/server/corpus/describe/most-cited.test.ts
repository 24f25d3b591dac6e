import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { descriptorsDir } from '../pack/pack-data'
import { type CitedNorm, chooseAreaNorms, chooseNorms } from './most-cited'

let pack: string
beforeEach(() => {
  pack = mkdtempSync(path.join(os.tmpdir(), 'lexia-most-cited-'))
  mkdirSync(descriptorsDir(pack))
})
afterEach(() => rmSync(pack, { recursive: true, force: true }))

const norm = (identifier: string, cited: number, over: Partial<CitedNorm> = {}): CitedNorm => ({
  identifier,
  title: `Ley ${identifier}`,
  sourcePath: `legalize-pe/pe/${identifier}.md`,
  cited,
  articles: 10,
  comparable: 8,
  hidden: 0,
  ...over,
})
const made = {
  model: 'm',
  prompt: 'article-descriptors.v1',
  source: 'c'.repeat(64),
  at: '2026-11-25T10:00:00Z',
}

describe('the norms chosen for article descriptors', () => {
  it('are the most cited that have articles, are not hidden copies and have no hand-written lines', () => {
    writeFileSync(
      path.join(descriptorsDir(pack), 'CON-1993.jsonl'),
      '{"article":"2","phrases":["mis derechos"]}\n',
    )
    // A file of generated lines only is this command's own: the norm stays chosen, and a re-run updates it.
    writeFileSync(
      path.join(descriptorsDir(pack), 'LEY-3-2000.jsonl'),
      `${JSON.stringify({ article: '1', phrases: ['algo'], made })}\n`,
    )
    const ranked = [
      norm('CON-1993', 900),
      norm('DLEG-CIVIL-1984', 300, { hidden: 5 }),
      norm('LEY-1-2000', 200),
      norm('DL-2-1970', 150, { articles: 0, comparable: 0 }),
      norm('LEY-3-2000', 100, { hidden: 4 }),
      norm('LEY-4-2000', 90),
      norm('LEY-5-2000', 80),
    ]
    const { chosen, passed } = chooseNorms(ranked, pack, 3)
    expect(chosen.map((n) => n.identifier)).toEqual(['LEY-1-2000', 'LEY-3-2000', 'LEY-4-2000'])
    expect(passed).toEqual([
      { identifier: 'CON-1993', cited: 900, reason: 'tiene descriptores escritos a mano' },
      { identifier: 'DLEG-CIVIL-1984', cited: 300, reason: expect.stringContaining('duplicada') },
      { identifier: 'DL-2-1970', cited: 150, reason: 'sin artículos' },
    ])
  })

  it('pass over a norm whose title says it is about the State’s own workings', () => {
    const ranked = [
      norm('LEY-6-2000', 500, { title: 'Ley de Presupuesto del Sector Público' }),
      norm('LEY-7-2000', 10),
    ]
    const { chosen, passed } = chooseNorms(ranked, pack, 1, ['presupuesto'])
    expect(chosen.map((n) => n.identifier)).toEqual(['LEY-7-2000'])
    expect(passed[0]).toMatchObject({
      identifier: 'LEY-6-2000',
      reason: expect.stringContaining('describe-rules'),
    })
  })

  it('by subject: every norm an area names, however rarely cited, under the same rules', () => {
    const ranked = [
      norm('CON-1993', 900),
      norm('LEY-8-2000', 40),
      norm('LEY-9-2000', 0),
      norm('LEY-10-2000', 0, { articles: 0, comparable: 0 }),
      norm('LEY-11-2000', 3),
    ]
    writeFileSync(
      path.join(descriptorsDir(pack), 'CON-1993.jsonl'),
      '{"article":"2","phrases":["mis derechos"]}\n',
    )
    const areas = new Set(['CON-1993', 'LEY-9-2000', 'LEY-10-2000', 'LEY-11-2000'])
    const { chosen, passed } = chooseAreaNorms(ranked, areas, pack)
    expect(chosen.map((n) => n.identifier)).toEqual(['LEY-9-2000', 'LEY-11-2000'])
    expect(passed.map((p) => p.identifier)).toEqual(['CON-1993', 'LEY-10-2000'])
  })
})
