import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FakeServer, RecordedRequest } from '../../test/fake-http'
import { type FakeLlmReply, fakeLlmSettings, startFakeLlm } from '../../test/fake-llm'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { parseDescriptors } from '../pack/descriptors'
import { descriptorsDir } from '../pack/pack-data'
import { parseNorm } from '../parse/norm'
import { articleBlock, batchBlocks, describableArticles } from './article-prompt'
import { describeArticles, exportArticlePrompts, importArticleAnswers } from './articles'

const SHARED = SHARED_CORPUS
const PROMPT = path.resolve(import.meta.dirname, '../../../../packs/pe/prompts/article-descriptors.v1.md')
/** Ley 27942 (hostigamiento sexual): 22 articles, the 5th of them repealed ('(Derogado)'). */
const NORM = 'LEY-27942-2003'

let root: string
let corpusDir: string
let pack: string
let server: FakeServer | undefined

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'lexia-describe-articles-'))
  corpusDir = path.join(root, 'corpus')
  pack = path.join(root, 'pack')
  mkdirSync(path.join(corpusDir, 'legalize-pe', 'pe'), { recursive: true })
  cpSync(path.join(SHARED, 'legalize-pe', 'pe', `${NORM}.md`), normFile())
  mkdirSync(path.join(pack, 'prompts'), { recursive: true })
  cpSync(PROMPT, path.join(pack, 'prompts', 'article-descriptors.v1.md'))
})
afterEach(async () => {
  await server?.close()
  server = undefined
  rmSync(root, { recursive: true, force: true })
})

const normFile = () => path.join(corpusDir, 'legalize-pe', 'pe', `${NORM}.md`)
const linesFile = () => path.join(descriptorsDir(pack), `${NORM}.jsonl`)
const norm = () => parseNorm(readFileSync(normFile(), 'utf8'), `${NORM}.md`)
const lines = () =>
  readFileSync(linesFile(), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))

const promptOf = (req: RecordedRequest) =>
  (JSON.parse(req.body) as { messages: { content: string }[] }).messages[0]!.content
/** The article numbers a prompt gives, in order. */
const numbersIn = (prompt: string) => [...prompt.matchAll(/^\[([^\]]+)\] Artículo/gm)].map((m) => m[1]!)

/** Phrases and questions that name their article; a repealed article ('(Derogado)') gets none, as the prompt says. */
function answerFor(prompt: string): string {
  return JSON.stringify(
    numbersIn(prompt).map((article) => {
      const repealed = new RegExp(`^\\[${article}\\] [^\\n]*\\n[[(]?Derogado`, 'm').test(prompt)
      return {
        article,
        phrases: repealed ? [] : [`situacion del articulo ${article}`, `derecho del articulo ${article}`],
        questions: repealed
          ? []
          : [`que me dice el articulo ${article}?`, `puedo reclamar por el ${article}?`],
      }
    }),
  )
}
const answering = (req: RecordedRequest): FakeLlmReply => ({ json: answerFor(promptOf(req)) })

async function fakeModel(reply: (req: RecordedRequest, index: number) => FakeLlmReply = answering) {
  server = await startFakeLlm(reply)
  return fakeLlmSettings(server.url)
}
const run = (llm: Awaited<ReturnType<typeof fakeModel>>) =>
  describeArticles({ corpusDir, pack, llm, selection: { kind: 'named', names: [NORM] } })

describe.skipIf(missing(sharedCorpus()))('corpus:describe --articles', () => {
  it('describes each article in batches and writes its line with how it was made; a repealed one gets an empty line', async () => {
    const parsed = norm()
    const articles = describableArticles(parsed)
    expect(articles).toHaveLength(22)
    const batches = batchBlocks(articles.map(articleBlock))
    expect(batches.length).toBeGreaterThanOrEqual(2)

    const llm = await fakeModel()
    const summary = await run(llm)
    expect(summary).toMatchObject({ failed: [], unchanged: 0, articles: 22, pending: 0 })
    expect(summary.done).toEqual(batches.map((_, i) => `${NORM}.b${i + 1}`))
    expect(server!.requests.map((r) => numbersIn(promptOf(r)))).toEqual(
      batches.map((b) => b.map((a) => a.article)),
    )
    const prompt = promptOf(server!.requests[0]!)
    expect(prompt).toContain('Título: Ley de Prevención y Sanción del Hostigamiento Sexual')
    expect(prompt).toContain('[4] Artículo 4. Concepto de hostigamiento sexual')
    expect(prompt).not.toMatch(/\{\{\w+\}\}/)
    for (const batch of server!.requests.map(promptOf)) expect(batch.length).toBeLessThan(12_000 + 3_000)

    // One line per article, in the norm's order; the repealed 5th's is empty, and the index has nothing for it.
    const written = lines()
    expect(written.map((l) => l.article)).toEqual(articles.map((a) => a.number))
    expect(written.find((l) => l.article === '5')).toMatchObject({ phrases: [], questions: [] })
    const eighth = written.find((l) => l.article === '8')
    expect(eighth).toMatchObject({
      phrases: ['situacion del articulo 8', 'derecho del articulo 8'],
      made: {
        model: 'modelo-falso',
        prompt: 'article-descriptors.v1',
        source: articleBlock(articles.find((a) => a.number === '8')!).hash,
      },
    })
    expect(Date.now() - Date.parse(eighth.made.at)).toBeLessThan(60_000)
    const index = parseDescriptors(readFileSync(linesFile()))
    expect(index.problems).toEqual([])
    expect(index.byArticle.has('5')).toBe(false)
    expect(index.byArticle.size).toBe(21)
    expect(index.byArticle.get('8')).toEqual([
      'situacion del articulo 8',
      'derecho del articulo 8',
      'que me dice el articulo 8?',
      'puedo reclamar por el 8?',
    ])
  })

  it('asks nothing for unchanged articles, only a changed one; a hand-written line is never asked nor touched', async () => {
    const hand = '{"article":"3","phrases":["quien esta protegido contra el acoso"]}'
    mkdirSync(descriptorsDir(pack), { recursive: true })
    writeFileSync(linesFile(), `${hand}\n`)
    const llm = await fakeModel()
    const first = await run(llm)
    expect(first).toMatchObject({ failed: [], articles: 21, handWritten: 1 })
    expect(server!.requests.flatMap((r) => numbersIn(promptOf(r)))).not.toContain('3')
    const asked = server!.requests.length
    const before = readFileSync(linesFile(), 'utf8')
    expect(before.split('\n')[2]).toBe(hand)

    const again = await run(llm)
    expect(again).toMatchObject({ done: [], unchanged: 21, handWritten: 1, articles: 0 })
    expect(server!.requests).toHaveLength(asked)
    expect(readFileSync(linesFile(), 'utf8')).toBe(before)

    // The 10th article's text changes: it alone is asked again, its line replaced in place.
    const text = readFileSync(normFile(), 'utf8')
    expect(text).toContain('es aplicable el artículo 36')
    writeFileSync(normFile(), text.replace('es aplicable el artículo 36', 'El término de caducidad'))
    const changed = await run(llm)
    expect(changed).toMatchObject({ done: [`${NORM}.b1`], unchanged: 20, articles: 1 })
    expect(numbersIn(promptOf(server!.requests.at(-1)!))).toEqual(['10'])
    const after = lines()
    expect(after.map((l) => l.article)).toEqual(
      before
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).article),
    )
    expect(after.find((l) => l.article === '10').made.source).not.toBe(
      JSON.parse(
        before
          .trim()
          .split('\n')
          .find((l) => l.includes('"article":"10"'))!,
      ).made.source,
    )
    expect(readFileSync(linesFile(), 'utf8').split('\n')[2]).toBe(hand)
  })

  it('exports each batch prompt and imports the answers written for it; then nothing is left to ask', async () => {
    const out = path.join(root, 'out')
    const exported = await exportArticlePrompts({
      corpusDir,
      pack,
      selection: { kind: 'named', names: [NORM] },
      outDir: out,
    })
    const batches = batchBlocks(describableArticles(norm()).map(articleBlock))
    expect(exported).toMatchObject({ failed: [], articles: 22 })
    expect(readdirSync(out).sort()).toEqual(
      batches.flatMap((_, i) => [`${NORM}.b${i + 1}.meta.json`, `${NORM}.b${i + 1}.prompt.md`]).sort(),
    )
    const meta = JSON.parse(readFileSync(path.join(out, `${NORM}.b1.meta.json`), 'utf8'))
    expect(meta).toMatchObject({
      identifier: NORM,
      file: path.join('legalize-pe', 'pe', `${NORM}.md`),
      batch: 1,
      prompt: 'article-descriptors.v1',
      articles: batches[0]!.map((b) => ({ article: b.article, source: b.hash })),
    })
    // The exported prompt is the very text the model would be sent.
    const llm = await fakeModel()
    const otherPack = path.join(root, 'other-pack')
    cpSync(path.join(pack, 'prompts'), path.join(otherPack, 'prompts'), { recursive: true })
    await describeArticles({ corpusDir, pack: otherPack, llm, selection: { kind: 'named', names: [NORM] } })
    expect(readFileSync(path.join(out, `${NORM}.b1.prompt.md`), 'utf8')).toBe(promptOf(server!.requests[0]!))

    for (const [i] of batches.entries()) {
      const prompt = readFileSync(path.join(out, `${NORM}.b${i + 1}.prompt.md`), 'utf8')
      writeFileSync(
        path.join(out, `${NORM}.b${i + 1}.answer.json`),
        `\`\`\`json\n${answerFor(prompt)}\n\`\`\``,
      )
    }
    const imported = await importArticleAnswers({ corpusDir, pack, inDir: out, modelName: 'revisora-humana' })
    expect(imported).toMatchObject({ failed: [], articles: 22 })
    expect(imported.done).toEqual(batches.map((_, i) => `${NORM}.b${i + 1}`))
    const written = lines()
    expect(written).toHaveLength(22)
    expect(written.every((l) => l.made.model === 'revisora-humana')).toBe(true)
    // Imported lines and the model's are the same but for who made them and when.
    const strip = (ls: { made: object }[]) => ls.map((l) => ({ ...l, made: undefined }))
    expect(strip(written)).toEqual(
      strip(
        readFileSync(path.join(descriptorsDir(otherPack), `${NORM}.jsonl`), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ),
    )

    const asked = server!.requests.length
    const after = await run(llm)
    expect(after).toMatchObject({ done: [], unchanged: 22 })
    expect(server!.requests).toHaveLength(asked)
  })

  it('refuses an answer that does not fit its batch or a stale one, writing nothing', async () => {
    const out = path.join(root, 'out')
    await exportArticlePrompts({ corpusDir, pack, selection: { kind: 'named', names: [NORM] }, outDir: out })
    const prompt = readFileSync(path.join(out, `${NORM}.b1.prompt.md`), 'utf8')
    const good = JSON.parse(answerFor(prompt)) as { article: string }[]
    const answer = (items: unknown) =>
      writeFileSync(path.join(out, `${NORM}.b1.answer.json`), JSON.stringify(items))
    const importing = () => importArticleAnswers({ corpusDir, pack, inDir: out, modelName: 'revisora' })

    const last = describableArticles(norm()).at(-1)!.number
    expect(numbersIn(prompt)).not.toContain(last)
    for (const [items, reason] of [
      [[...good, { ...good[0]!, article: last }], `el artículo ${last} no es de este lote`],
      [good.slice(1), `faltan los artículos ${good[0]!.article}`],
      [[...good, good[0]], 'aparece dos veces'],
      [good.map((g) => ({ ...g, phrases: Array(7).fill('frase de sobra') })), 'no cumple el formato'],
      [{ article: '1' }, 'no es un arreglo JSON'],
    ] as const) {
      answer(items)
      const result = await importing()
      expect(result.done).toEqual([])
      expect(result.failed).toEqual([
        { name: `${NORM}.b1.answer.json`, reason: expect.stringContaining(reason) },
      ])
      expect(existsSync(linesFile())).toBe(false)
    }

    // An article of the batch changed since the export: the whole batch is refused.
    answer(good)
    const text = readFileSync(normFile(), 'utf8')
    writeFileSync(normFile(), text.replace('Del objeto de la Ley', 'Objeto de la Ley'))
    const stale = await importing()
    expect(stale.failed).toEqual([
      { name: `${NORM}.b1.answer.json`, reason: expect.stringContaining('cambiaron') },
    ])
    expect(existsSync(linesFile())).toBe(false)
  })

  it('asks a model once more when its answer drifts off the batch, telling it why', async () => {
    const llm = await fakeModel((req, i) =>
      i === 0 ? { json: JSON.stringify([{ article: '999', phrases: [], questions: [] }]) } : answering(req),
    )
    const summary = await describeArticles({
      corpusDir,
      pack,
      llm,
      selection: { kind: 'named', names: [NORM] },
      concurrency: 1,
    })
    expect(summary.failed).toEqual([])
    const retry = JSON.parse(server!.requests[1]!.body) as { messages: { role: string; content: string }[] }
    expect(retry.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(retry.messages[2]!.content).toContain('el artículo 999 no es de este lote')
    expect(lines()).toHaveLength(22)
  })
})
