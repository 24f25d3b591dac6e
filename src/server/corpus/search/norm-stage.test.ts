import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/client'
import { migrate } from '../../db/migrate'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { ingestCorpus } from '../ingest'
import { packDir } from '../pack/pack-dir'
import { queryConcepts } from './concepts'
import { findDocumentMention } from './document-aliases'
import { chooseNorms } from './norm-stage'
import { ensureNormTerms, normWeight, readNormTerms } from './norm-terms'
import { fold } from './normalize'
import { analyzeQuery } from './query'
import { rankQuery } from './rank'
import { searchCorpus } from './search'
import { stemWords, vocabulary } from './vocabulary'

const SHARED = SHARED_CORPUS
/** A code that mentions everything, and small laws each about one thing. */
const FILES = ['DS-003-97-TR-1997.md', 'LEY-27735-2002.md', 'DLEG-713-1991.md', 'LEY-31572-2022.md']

describe('norm weight', () => {
  it('says more of a small norm than of a large one, and most of a title', () => {
    const c = { heading: 1, path: 0, opening: 0 }
    expect(normWeight(false, c, 10, 100)).toBeGreaterThan(normWeight(false, c, 1000, 100))
    expect(normWeight(true, c, 100, 100)).toBeGreaterThan(normWeight(false, c, 100, 100))
    expect(normWeight(false, { heading: 0, path: 0, opening: 0 }, 100, 100)).toBe(0)
  })
})

describe('a norm named by its title', () => {
  const titles = [{ phrase: 'ley del teletrabajo', identifiers: ['LEY-31572-2022'] }]
  it('is found as whole words, the longest name first', () => {
    expect(
      findDocumentMention(fold('¿Qué dice la Ley del Teletrabajo sobre la desconexión?'), titles),
    ).toMatchObject({
      identifiers: ['LEY-31572-2022'],
      phrase: 'ley del teletrabajo',
    })
    expect(findDocumentMention(fold('la ley del teletrabajador'), titles)).toBeNull()
    // The pack's longer name beats a shorter title inside it.
    expect(
      findDocumentMention(fold('codigo procesal civil'), [{ phrase: 'codigo civil', identifiers: ['X'] }])
        ?.identifiers,
    ).toEqual(['DLEG-768-1993'])
  })
})

describe.skipIf(missing(sharedCorpus()))('the norm-level stage', () => {
  let database: Database
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-norms-'))
    const norms = path.join(dir, 'legalize-pe', 'pe')
    mkdirSync(norms, { recursive: true })
    for (const f of FILES) cpSync(path.join(SHARED, 'legalize-pe', 'pe', f), path.join(norms, f))
    database = await openDatabase({ dataDir: path.join(dir, 'db') })
    await migrate(database)
    await ingestCorpus(database.db, { corpusDir: dir, selection: { kind: 'all' } })
  }, 180_000)
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function choose(q: string) {
    const vocab = await vocabulary(database.db)
    const query = analyzeQuery(q, vocab.titles)
    const concepts = await queryConcepts(database.db, query.units, vocab)
    const choice = await chooseNorms(database.db, rankQuery(concepts, query.units.length), vocab, {})
    return choice.best.map((id) => vocab.documents.get(id)?.identifier)
  }

  it('chooses the law a question is about over a code that mentions it', async () => {
    expect((await choose('cuándo me tienen que pagar la gratificación de diciembre'))[0]).toBe(
      'LEY-27735-2002',
    )
    expect((await choose('cuántos días de descanso vacacional me corresponden'))[0]).toBe('DLEG-713-1991')
  })

  it('is rebuilt when the pack it was built from changes, and only then', async () => {
    expect(await ensureNormTerms(database.db)).toBe(false)
    const pack = mkdtempSync(path.join(os.tmpdir(), 'lexia-pack-'))
    cpSync(packDir(), pack, { recursive: true })
    const file = path.join(pack, 'norm-descriptors', 'LEY-27735-2002.json')
    const descriptor = JSON.parse(readFileSync(file, 'utf8'))
    descriptor.concerns.push('aguinaldo zanahorio')
    writeFileSync(file, JSON.stringify(descriptor))
    process.env.KNOWLEDGE_PACK_DIR = pack
    try {
      expect(await ensureNormTerms(database.db)).toBe(true)
      expect(await ensureNormTerms(database.db)).toBe(false)
      const [stem] = (await stemWords(database.db, ['zanahorio'])).values()
      const lists = await readNormTerms(database.db, [stem!])
      const vocab = await vocabulary(database.db)
      const holders = [...(lists.get(stem!)?.weights.keys() ?? [])].map(
        (id) => vocab.documents.get(id)?.identifier,
      )
      expect(holders).toEqual(['LEY-27735-2002'])
    } finally {
      delete process.env.KNOWLEDGE_PACK_DIR
      rmSync(pack, { recursive: true, force: true })
    }
    expect(await ensureNormTerms(database.db)).toBe(true)
  })

  it('ranks the chosen law’s articles first, and a title named in the question leads to its norm', async () => {
    const hits = await searchCorpus(database.db, {
      q: 'cuándo me tienen que pagar la gratificación de diciembre',
    })
    expect(hits[0]?.identifier).toBe('LEY-27735-2002')
    const named = await searchCorpus(database.db, {
      q: 'ley del teletrabajo quien paga la luz y el internet',
    })
    expect(named[0]?.identifier).toBe('LEY-31572-2022')
  })

  it('keeps to an agent’s documents, even when the question names a norm outside them', async () => {
    const hits = await searchCorpus(database.db, {
      q: 'ley del teletrabajo cuántos días de vacaciones me dan',
      documents: ['DLEG-713-1991'],
    })
    expect(hits.length).toBeGreaterThan(0)
    expect(new Set(hits.map((h) => h.identifier))).toEqual(new Set(['DLEG-713-1991']))
  })
})
