import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../lib/project-root'
import { createTestApp, type TestApp } from '../../test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { corpusFolders, demoNames } from '../ingest/corpus-dir'
import { ingestCorpus } from '../ingest/ingest'
import { corpusDocuments, corpusPassages } from '../schema'
import { searchCorpus } from '../search/search'
import { countryPack, loadPackManifest } from './manifest'
import {
  descriptorsDir,
  loadConversation,
  loadDescribeRules,
  loadDomains,
  loadForeign,
  loadLawNames,
  loadNormDescriptor,
  loadThesaurus,
} from './pack-data'
import { packDir } from './pack-dir'
import { loadResearchScopes } from './research-scopes'

/**
 * A second country is a second pack, read by the same code (docs/decisions/0028): a tiny made-up country, Xlandia
 * (tests/fixtures/packs/xx/), whose corpus (tests/fixtures/corpus-xx/) is laid out otherwise than Peru's, is read by
 * its code 'xx' through the loaders Peru's pack goes through, and ingested into documents filed under XX.
 */
const FIXTURES = path.join(projectRoot(), 'tests', 'fixtures')
const PACKS = path.join(FIXTURES, 'packs')
const XX_CORPUS = path.join(FIXTURES, 'corpus-xx')

describe('a country pack, by its code', () => {
  it('reads a made-up country through the same loaders', () => {
    const { dir, manifest } = countryPack('xx', PACKS)
    expect(dir).toBe(path.join(PACKS, 'xx'))
    expect(manifest).toMatchObject({ country: 'XX', demoNorms: ['XX-LEY-7-2020.md'] })
    expect(manifest.corpus.fetchBaseUrl).toBeUndefined()
    expect(loadThesaurus(dir)).toEqual([{ keys: ['chacrita'], law: 'huerto comunal' }])
    expect(loadLawNames(dir)).toEqual([{ names: ['ley de huertos'], identifiers: ['XX-LEY-7-2020'] }])
    expect(loadDomains(dir)[0]?.identifiers).toEqual(['XX-LEY-7-2020'])
    expect(loadConversation(dir)).toMatchObject({ greetings: ['buen día'], opinions: [] })
    expect(loadDescribeRules(dir).articleNorms.skipTitlePhrases).toEqual([])
    // Optional files: a country without foreign.json names no other country.
    expect(loadForeign(dir)).toEqual([])
    expect(loadNormDescriptor('XX-LEY-7-2020', dir)?.names).toEqual(['ley de huertos'])
    expect(loadNormDescriptor('CON-1993', dir)).toBeNull()
    expect(descriptorsDir(dir)).toBe(path.join(PACKS, 'xx', 'descriptors'))
    // Its builtin agents search its own norms and rulings: not one of Peru's scopes.
    expect(loadResearchScopes(dir)).toMatchObject({
      general: { norms: null, rulings: null },
      huertos: { norms: ['XX-LEY-7-2020'], rulings: { chamber: { source: '^tribunal agrario\\b' } } },
    })
  })

  it('lays out a corpus folder as its pack says', () => {
    const xx = corpusFolders(XX_CORPUS, countryPack('xx', PACKS).manifest)
    expect(xx).toEqual({
      norms: path.join(XX_CORPUS, 'normas', 'xx'),
      rulings: path.join(XX_CORPUS, 'fallos'),
      rulingsKey: 'fallos',
      demoList: path.join(XX_CORPUS, 'demo.txt'),
    })
    expect(demoNames(xx)).toEqual(['XX-LEY-7-2020.md'])
    // Peru's, from the default pack: the layout of ../shared/corpus.
    expect(corpusFolders('/corpus')).toMatchObject({
      norms: path.join('/corpus', 'legalize-pe', 'pe'),
      rulingsKey: 'pj-jurisprudencia',
    })
  })

  it('refuses a pack filed under another code than its own, and a manifest that does not fit', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'lexia-packs-'))
    try {
      cpSync(path.join(PACKS, 'xx'), path.join(root, 'yy'), { recursive: true })
      expect(() => countryPack('yy', root)).toThrow(/pack\.json: es de XX, no de YY/)
      const own = JSON.parse(readFileSync(path.join(root, 'yy', 'pack.json'), 'utf8'))
      const refused = (change: (manifest: typeof own) => void, why: RegExp) => {
        const manifest = structuredClone({ ...own, country: 'YY' })
        change(manifest)
        writeFileSync(path.join(root, 'yy', 'pack.json'), JSON.stringify(manifest))
        expect(() => countryPack('yy', root)).toThrow(why)
      }
      refused((m) => {
        m.corpus.norms = '../fuera'
      }, /Paquete de conocimiento inválido: .*pack\.json.*carpeta dentro del corpus/s)
      // Search numbers its own groups around a kind's patterns: one of its own would shift them.
      refused((m) => {
        m.numberedNorms = [{ prefix: 'LEY', said: ['(ley)'], citedAs: 'ley' }]
      }, /sin grupos de captura/)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it("reads Peru's pack by 'pe', and the packs folder by default", () => {
    expect(packDir('pe')).toBe(path.join(projectRoot(), 'packs', 'pe'))
    expect(countryPack('PE').manifest.country).toBe('PE')
    expect(Object.keys(loadResearchScopes(countryPack('pe').dir))).toContain('penal')
  })

  it.skipIf(missing(sharedCorpus('demo-normas.txt')))(
    "keeps Peru's demo norms as the corpus' demo list names them (corpus:fetch downloads them)",
    () => {
      expect(loadPackManifest().demoNorms).toEqual(demoNames(corpusFolders(SHARED_CORPUS)))
    },
  )
})

describe('ingesting a made-up country’s corpus through its pack', () => {
  let t: TestApp
  let corpusDir: string
  beforeAll(async () => {
    t = await createTestApp('pglite')
    // Its rulings are the fixture corpus' made-up ones, in the folder Xlandia's pack names.
    corpusDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-corpus-xx-'))
    cpSync(XX_CORPUS, corpusDir, { recursive: true })
    cpSync(path.join(FIXTURES, 'corpus', 'pj-jurisprudencia'), path.join(corpusDir, 'fallos'), {
      recursive: true,
    })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    rmSync(corpusDir, { recursive: true, force: true })
  })

  it('files its norms and rulings under its country, with its descriptors, from its demo list', async () => {
    const summary = await ingestCorpus(t.db, {
      corpusDir,
      pack: packDir('xx', PACKS),
      selection: { kind: 'demo' },
    })
    expect(summary.failed).toEqual([])
    expect(summary.ingested).toBe(2)
    const documents = await t.db.select().from(corpusDocuments)
    expect(new Set(documents.map((d) => d.country))).toEqual(new Set(['XX']))
    const law = documents.find((d) => d.identifier === 'XX-LEY-7-2020')!
    // Its rank is classed as its pack says (Peru's plain law has prior 50).
    expect(law).toMatchObject({
      kind: 'norma',
      sourcePath: path.join('normas', 'xx', 'XX-LEY-7-2020.md'),
      tipoAlias: 'Ley',
      priority: 55,
    })
    expect(
      documents.filter((d) => d.kind === 'sentencia').every((d) => d.sourcePath.startsWith('fallos')),
    ).toBe(true)
    const [riego] = await t.db
      .select()
      .from(corpusPassages)
      .where(eq(corpusPassages.documentId, law.id))
      .orderBy(corpusPassages.ordinal)
      .offset(1)
    expect(riego).toMatchObject({
      number: '2',
      descriptors: 'regar la chacra de noche. puedo regar mi parcela de madrugada',
    })

    const hits = await searchCorpus(t.db, { q: 'turno de riego en el huerto', country: 'xx' })
    expect(hits[0]).toMatchObject({ identifier: 'XX-LEY-7-2020', number: '2' })
    expect(await searchCorpus(t.db, { q: 'turno de riego en el huerto', country: 'pe' })).toEqual([])
  }, 120_000)
})
