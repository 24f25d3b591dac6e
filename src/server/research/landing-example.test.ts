import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANDING_EXAMPLE } from '../../shared/landing-example'
import { ingestCorpus } from '../corpus/ingest/ingest'
import { loadPackManifest } from '../corpus/pack/manifest'
import { askGeneral } from '../test/ask-general'
import { createTestApp, type TestApp } from '../test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../test/requirements'
import { citedNumbers } from './citations'

const SHARED = SHARED_CORPUS
const NORMS = 'legalize-pe/pe'

/**
 * The landing page shows a consultation as an example of what Lexia answers. Asked through the research agent, over
 * the demo subset with the example's norm added (the labour rest law is not in the demo list), the answer must lead
 * with the article the landing names and say what the landing says it says.
 */
describe.skipIf(missing(sharedCorpus()))('the landing page’s example is a real answer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
    const files = [...loadPackManifest().demoNorms, `${LANDING_EXAMPLE.source.identifier}.md`]
    const summary = await ingestCorpus(t.db, {
      corpusDir: SHARED,
      selection: { kind: 'paths', paths: [...files.map((f) => `${NORMS}/${f}`), 'pj-jurisprudencia'] },
    })
    expect(summary.failed).toEqual([])
  }, 300_000)
  afterAll(async () => {
    await t?.close()
  })

  it('leads with the article the landing cites and says what the landing shows', async () => {
    const answer = await askGeneral(t.db, LANDING_EXAMPLE.question)
    expect(answer.state).toBe('answered')
    const [lead] = answer.answer.split('\n\n')
    const first = citedNumbers(lead!)[0]!
    expect(answer.contextLeyes[first - 1]).toMatchObject({
      identifier: LANDING_EXAMPLE.source.identifier,
      number: LANDING_EXAMPLE.source.article,
    })
    // The landing's sentence, word for word, with the number it sets in bold; only the citation mark is left out.
    const { before, strong, after } = LANDING_EXAMPLE.answer
    expect(lead!.replace(/ \[\d+\]/g, '')).toBe(`${before}${strong}${after}`)
    expect(answer.contextLeyes[first - 1]!.content).toContain(strong)
    // The landing shows a ruling among the sources too.
    expect(answer.contextSentencias.length).toBeGreaterThan(0)
  })
})
