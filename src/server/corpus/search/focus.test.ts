import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexMadeUpNorms, type MadeUpIndex } from '../../test/made-up-norms'
import { RANK } from './rank'
import { searchCorpus } from './search'

// A made-up law whose first articles name its institution again and again, and whose third says which things it
// applies to: the one a 'qué productos…' question asks for (RANK.focus, answer-type.ts focusAsked). In a corpus of
// one law every article holds the institution's words, so the boost is checked as what it is: a factor on that one
// article's score.
const LAW = `---
title: Ley N° 90101 - Ley de la prenda de cosechas
identifier: LEY-90101-2030
rank: ley
publication_date: '2030-01-02'
status: in_force
---

Artículo 1.- Prenda de cosechas
La presente ley regula la prenda de cosechas sobre los productos del campo. La prenda de cosechas admite todo
crédito agrario; la prenda de cosechas se rige por esta ley y, en lo no previsto, por las normas de la prenda.

Artículo 2.- Constitución de la prenda de cosechas
La prenda de cosechas se constituye por escrito y admite inscripción. La prenda de cosechas sobre productos del
predio se inscribe en el registro y la prenda de cosechas surte efecto desde su inscripción.

Artículo 3.- Productos objeto de la garantía
Admiten la prenda las cosechas futuras y los frutos pendientes de recolección.
`

describe("a question that asks which things ('qué productos…')", () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms({ 'LEY-90101-2030.md': LAW })
  }, 120_000)
  afterAll(() => index?.close())

  const scores = async (q: string) =>
    new Map((await searchCorpus(index.database.db, { q, limit: 3 })).map((h) => [h.number, h.score]))
  const ASKS = '¿Qué productos admite la prenda de cosechas?'

  it('multiplies the score of the article whose heading names what is asked for, and only its', async () => {
    const boosted = await scores(ASKS)
    const boost = RANK.focus
    let plain: Map<string | null, number>
    try {
      RANK.focus = 0
      plain = await scores(ASKS)
    } finally {
      RANK.focus = boost
    }
    expect(boost).toBeGreaterThan(0)
    expect(boosted.get('3')).toBeCloseTo(plain.get('3')! * (1 + boost))
    for (const n of ['1', '2']) expect(boosted.get(n)).toBeCloseTo(plain.get(n)!)
  })

  it("leaves a question that asks no 'qué X' as it was", async () => {
    const asked = 'cómo se constituye la prenda de cosechas'
    const boosted = await scores(asked)
    const boost = RANK.focus
    try {
      RANK.focus = 0
      expect(await scores(asked)).toEqual(boosted)
    } finally {
      RANK.focus = boost
    }
  })
})
