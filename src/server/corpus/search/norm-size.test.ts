import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexMadeUpNorms, type MadeUpIndex, madeUpLaw } from '../../test/made-up-norms'
import { queryConcepts } from './concepts'
import { chooseNorms } from './norm-stage'
import { buildNormTerms, NORM_FIELDS } from './norm-terms'
import { analyzeQuery } from './query'
import { rankQuery } from './rank'
import { vocabulary, vocabularyChanged } from './vocabulary'

// Two made-up one-article laws that both name beekeeping once in their only article: one is about it, the other
// delegates a long list of matters to the Executive. By articles alone they are the same size and weigh the word
// alike; by the stems of their profiles the delegation is as wide as a code, and its list says little of each
// matter (NORM_FIELDS.sizeByStems).
const norm = (identifier: string, title: string, text: string) =>
  madeUpLaw({ identifier, title, text: `Artículo 1.- Objeto\n${text}` })
const DELEGATION = 'LEY-90201-2030'
const SPECIFIC = 'LEY-90202-2030'
const FILES = {
  [`${DELEGATION}.md`]: norm(
    DELEGATION,
    'Ley que delega facultades',
    'Delégase en el Poder Ejecutivo la facultad de legislar por noventa días en materia de tributación municipal, ' +
      'seguridad ciudadana, apicultura, pesca artesanal, minería informal, transporte interprovincial, educación ' +
      'superior, salud pública, vivienda social, saneamiento rural, energía eléctrica, telecomunicaciones, ' +
      'turismo receptivo, comercio exterior, inversión privada, contrataciones del Estado, gestión de riesgos de ' +
      'desastres, lucha contra la corrupción y modernización de la gestión pública.',
  ),
  [`${SPECIFIC}.md`]: norm(
    SPECIFIC,
    'Ley de promoción rural',
    'La presente ley promueve la apicultura en el país.',
  ),
}

describe('the norm-level stage on a norm as wide as its words', () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms(FILES)
  }, 120_000)
  afterAll(() => index?.close())

  /** The fit of each norm for 'apicultura', with the index built at a given blend of the two sizes. */
  async function fits(sizeByStems: number) {
    const before = NORM_FIELDS.sizeByStems
    NORM_FIELDS.sizeByStems = sizeByStems
    try {
      await buildNormTerms(index.database.db)
      vocabularyChanged()
      const vocab = await vocabulary(index.database.db)
      const query = analyzeQuery('apicultura', vocab.titles)
      const concepts = await queryConcepts(index.database.db, query.units, vocab)
      const choice = await chooseNorms(index.database.db, rankQuery(concepts, query.units.length), vocab, {})
      const fitOf = (identifier: string) =>
        [...choice.fit].find(([id]) => vocab.documents.get(id)?.identifier === identifier)?.[1] ?? 0
      return { delegation: fitOf(DELEGATION), specific: fitOf(SPECIFIC) }
    } finally {
      NORM_FIELDS.sizeByStems = before
    }
  }

  it('weighs a word less in a norm whose few articles list many matters', async () => {
    const shipped = await fits(NORM_FIELDS.sizeByStems)
    expect(shipped.specific).toBe(1)
    expect(shipped.delegation).toBeLessThan(0.9)
    // By articles alone the two are alike: the rule is what tells them apart.
    const byArticles = await fits(0)
    expect(byArticles.delegation).toBeCloseTo(byArticles.specific, 5)
  })
})
