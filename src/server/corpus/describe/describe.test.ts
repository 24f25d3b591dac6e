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
import { loadNormDescriptor, normDescriptorsDir } from '../pack/pack-data'
import { parseNorm } from '../parse/norm'
import { describeNorms, exportPrompts, importAnswers } from './describe'
import { loadNormPrompt, normSource, sourceHash } from './prompt'

const SHARED = SHARED_CORPUS
const PROMPT = path.resolve(import.meta.dirname, '../../../../packs/pe/prompts/norm-descriptor.v1.md')
const MYPE = 'LEY-28015-2003'
const HARASSMENT = 'LEY-27942-2003'
/** A district's creation: a title and a link, no article. */
const STUB = 'LEY-13239-1959'

let root: string
let corpusDir: string
let pack: string
let server: FakeServer | undefined

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'lexia-describe-'))
  corpusDir = path.join(root, 'corpus')
  pack = path.join(root, 'pack')
  mkdirSync(path.join(corpusDir, 'legalize-pe', 'pe'), { recursive: true })
  for (const id of [MYPE, HARASSMENT, STUB])
    cpSync(path.join(SHARED, 'legalize-pe', 'pe', `${id}.md`), normFile(id))
  mkdirSync(path.join(pack, 'prompts'), { recursive: true })
  cpSync(PROMPT, path.join(pack, 'prompts', 'norm-descriptor.v1.md'))
})
afterEach(async () => {
  await server?.close()
  server = undefined
  rmSync(root, { recursive: true, force: true })
})

const normFile = (id: string) => path.join(corpusDir, 'legalize-pe', 'pe', `${id}.md`)
const descriptorFile = (id: string) => path.join(normDescriptorsDir(pack), `${id}.json`)

/** A valid answer that names the norm it was asked about, so a test can tell whose file got whose answer. */
function answerFor(id: string): string {
  return JSON.stringify({
    subject: `Regula lo que dispone la norma ${id} para las personas a las que se aplica.`,
    names: [`Norma ${id}`],
    concerns: ['dueño de un negocio', 'trabajador', 'empleador', 'municipalidad', 'persona afectada'],
    questions: [
      '¿Qué derechos tengo?',
      '¿Ante quién me quejo?',
      '¿Cuánto me toca?',
      '¿Qué plazo tengo?',
      '¿Qué pasa si no cumplen?',
    ],
  })
}

const promptOf = (req: RecordedRequest) =>
  (JSON.parse(req.body) as { messages: { content: string }[] }).messages[0]!.content
const askedAbout = (req: RecordedRequest) => /Identificador: (\S+)/.exec(promptOf(req))![1]!

async function fakeModel(reply: (req: RecordedRequest, index: number) => FakeLlmReply = answering) {
  server = await startFakeLlm(reply)
  return fakeLlmSettings(server.url)
}
const answering = (req: RecordedRequest): FakeLlmReply => ({ json: answerFor(askedAbout(req)) })

const run = async (llm: Awaited<ReturnType<typeof fakeModel>>, names?: string[]) =>
  describeNorms({
    corpusDir,
    pack,
    llm,
    selection: names ? { kind: 'named', names } : { kind: 'all' },
  })

describe.skipIf(missing(sharedCorpus()))('corpus:describe', () => {
  it('describes each norm with articles from the filled prompt, records how, and skips stubs', async () => {
    const llm = await fakeModel()
    const summary = await run(llm)
    expect(summary).toMatchObject({ unchanged: 0, stubs: 1, failed: [], pending: 0, interrupted: false })
    expect(summary.done.sort()).toEqual([HARASSMENT, MYPE])
    expect(server!.requests.map(askedAbout).sort()).toEqual([HARASSMENT, MYPE])

    const request = server!.requests.find((r) => askedAbout(r) === MYPE)!
    const body = JSON.parse(request.body) as { model: string; stream: boolean }
    expect(body).toMatchObject({ model: 'modelo-falso', stream: false })
    const prompt = promptOf(request)
    expect(prompt).toContain('Título: Ley de Promoción y Formalización de la Micro y Pequeña Empresa')
    expect(prompt).toContain('Rango: ley')
    expect(prompt).toContain('Fecha de publicación: 2003-07-03')
    expect(prompt).toContain('CAPÍTULO III. DEL RÉGIMEN TRIBUTARIO DE LAS MYPE')
    expect(prompt).toContain('Artículo 49: El despido injustificado')
    expect(prompt).toContain('La presente Ley tiene por objeto la promoción de la competitividad')
    expect(prompt).not.toMatch(/\{\{\w+\}\}/)

    const descriptor = loadNormDescriptor(MYPE, pack)!
    expect(descriptor).toMatchObject({ identifier: MYPE, names: [`Norma ${MYPE}`] })
    expect(descriptor.subject).toContain(MYPE)
    const norm = parseNorm(readFileSync(normFile(MYPE), 'utf8'), `${MYPE}.md`)
    expect(descriptor.made).toMatchObject({
      model: 'modelo-falso',
      prompt: 'norm-descriptor.v1',
      source: sourceHash(normSource(norm)),
    })
    expect(Date.now() - Date.parse(descriptor.made.at)).toBeLessThan(60_000)
    expect(loadNormDescriptor(HARASSMENT, pack)!.subject).toContain(HARASSMENT)
    expect(existsSync(descriptorFile(STUB))).toBe(false)
    expect(readdirSync(normDescriptorsDir(pack)).sort()).toEqual([`${HARASSMENT}.json`, `${MYPE}.json`])
  })

  it('asks nothing for unchanged norms; a changed text or a new prompt version describes again', async () => {
    const llm = await fakeModel()
    await run(llm)
    const firstMade = readFileSync(descriptorFile(MYPE), 'utf8')
    expect(server!.requests).toHaveLength(2)

    const again = await run(llm)
    expect(again).toMatchObject({ done: [], unchanged: 2, failed: [] })
    expect(server!.requests).toHaveLength(2)
    expect(readFileSync(descriptorFile(MYPE), 'utf8')).toBe(firstMade)

    // The first article's text is part of what the model reads: changing it is a changed source.
    const text = readFileSync(normFile(MYPE), 'utf8')
    writeFileSync(
      normFile(MYPE),
      text.replace('tiene por objeto la promoción', 'tiene por objeto el fomento'),
    )
    const changed = await run(llm)
    expect(changed).toMatchObject({ done: [MYPE], unchanged: 1 })
    expect(server!.requests.slice(2).map(askedAbout)).toEqual([MYPE])
    expect(loadNormDescriptor(MYPE, pack)!.made.source).not.toBe(JSON.parse(firstMade).made.source)

    writeFileSync(
      path.join(pack, 'prompts', 'norm-descriptor.v2.md'),
      `Versión 2.\n${readFileSync(PROMPT, 'utf8')}`,
    )
    expect(loadNormPrompt(pack).version).toBe('norm-descriptor.v2')
    const newPrompt = await run(llm)
    expect(newPrompt.done.sort()).toEqual([HARASSMENT, MYPE])
    expect(server!.requests).toHaveLength(5)
    expect(promptOf(server!.requests[4]!)).toMatch(/^Versión 2\./)
    expect(loadNormDescriptor(HARASSMENT, pack)!.made.prompt).toBe('norm-descriptor.v2')
  })

  it('asks once more when the answer is not a descriptor, telling the model why; then reports it, writing nothing', async () => {
    const llm = await fakeModel(() => ({ json: 'Claro, aquí tienes la descripción de la norma.' }))
    const summary = await run(llm, [MYPE])
    expect(server!.requests).toHaveLength(2)
    expect(summary.done).toEqual([])
    expect(summary.failed).toEqual([{ name: MYPE, reason: expect.stringContaining('no es un objeto JSON') }])
    expect(summary.failed[0]!.reason).toContain('tras reintentar')
    const retry = JSON.parse(server!.requests[1]!.body) as { messages: { role: string; content: string }[] }
    expect(retry.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(retry.messages[2]!.content).toContain('no es un objeto JSON')
    expect(existsSync(normDescriptorsDir(pack))).toBe(false)

    // A schema failure is retried the same way, and a good second answer is written.
    await server!.close()
    const tooFew = JSON.stringify({ ...JSON.parse(answerFor(MYPE)), questions: ['¿Una sola?'] })
    const llm2 = await fakeModel((req, i) => (i === 0 ? { json: tooFew } : answering(req)))
    const second = await run(llm2, [MYPE])
    expect(server!.requests).toHaveLength(2)
    expect(promptOf(server!.requests[1]!)).toContain('Identificador: LEY-28015-2003')
    expect(JSON.parse(server!.requests[1]!.body).messages[2].content).toContain('questions')
    expect(second).toMatchObject({ done: [MYPE], failed: [] })
    expect(loadNormDescriptor(MYPE, pack)!.questions).toHaveLength(5)
  })

  it('reports a model that keeps failing and goes on with the other norms', async () => {
    const llm = await fakeModel((req) => (askedAbout(req) === MYPE ? { status: 503 } : answering(req)))
    const summary = await run(llm)
    expect(summary.done).toEqual([HARASSMENT])
    expect(summary.failed).toEqual([{ name: MYPE, reason: expect.stringContaining('HTTP 503') }])
    expect(server!.requests.filter((r) => askedAbout(r) === MYPE)).toHaveLength(2)
  })

  it('stops on Ctrl-C: no new norm, the call under way abandoned, nothing written', async () => {
    const controller = new AbortController()
    const llm = await fakeModel(() => {
      setTimeout(() => controller.abort(), 20)
      return { hang: true }
    })
    const summary = await describeNorms({
      corpusDir,
      pack,
      llm,
      selection: { kind: 'all' },
      concurrency: 1,
      signal: controller.signal,
    })
    expect(summary).toMatchObject({ done: [], failed: [], pending: 2, interrupted: true })
    expect(server!.requests).toHaveLength(1)
    expect(existsSync(normDescriptorsDir(pack))).toBe(false)
  })

  it('exports the filled prompts and imports the answers written for them, refusing stale or bad ones', async () => {
    const out = path.join(root, 'prompts-out')
    const exported = await exportPrompts({ corpusDir, pack, selection: { kind: 'all' }, outDir: out })
    expect(exported).toMatchObject({ stubs: 1, failed: [] })
    expect(exported.done.sort()).toEqual([HARASSMENT, MYPE])
    expect(readdirSync(out).sort()).toEqual([
      `${HARASSMENT}.meta.json`,
      `${HARASSMENT}.prompt.md`,
      `${MYPE}.meta.json`,
      `${MYPE}.prompt.md`,
    ])
    // The exported prompt is the very text the model would be sent.
    const llm = await fakeModel()
    const otherPack = path.join(root, 'other-pack')
    cpSync(path.join(pack, 'prompts'), path.join(otherPack, 'prompts'), { recursive: true })
    await describeNorms({ corpusDir, pack: otherPack, llm, selection: { kind: 'all' } })
    expect(readFileSync(path.join(out, `${MYPE}.prompt.md`), 'utf8')).toBe(
      promptOf(server!.requests.find((r) => askedAbout(r) === MYPE)!),
    )
    const meta = JSON.parse(readFileSync(path.join(out, `${MYPE}.meta.json`), 'utf8'))
    expect(meta).toMatchObject({
      identifier: MYPE,
      file: path.join('legalize-pe', 'pe', `${MYPE}.md`),
      prompt: 'norm-descriptor.v1',
    })

    writeFileSync(path.join(out, `${MYPE}.answer.json`), `\`\`\`json\n${answerFor(MYPE)}\n\`\`\`\n`)
    writeFileSync(path.join(out, `${HARASSMENT}.answer.json`), '{"subject": "Incompleta"}')
    const imported = await importAnswers({ corpusDir, pack, inDir: out, modelName: 'revisora-humana' })
    expect(imported.done).toEqual([MYPE])
    expect(imported.failed).toEqual([
      { name: `${HARASSMENT}.answer.json`, reason: expect.stringContaining('no cumple el formato') },
    ])
    expect(loadNormDescriptor(MYPE, pack)!.made).toMatchObject({
      model: 'revisora-humana',
      prompt: 'norm-descriptor.v1',
      source: meta.source,
    })
    expect(existsSync(descriptorFile(HARASSMENT))).toBe(false)

    // The imported descriptor counts as made from the current text: describing now asks only for the other norm.
    const after = await run(llm)
    expect(after).toMatchObject({ done: [HARASSMENT], unchanged: 1 })

    // An answer to a prompt whose norm changed since the export is refused.
    const text = readFileSync(normFile(MYPE), 'utf8')
    writeFileSync(
      normFile(MYPE),
      text.replace('tiene por objeto la promoción', 'tiene por objeto el fomento'),
    )
    const before = readFileSync(descriptorFile(MYPE), 'utf8')
    const stale = await importAnswers({ corpusDir, pack, inDir: out, modelName: 'revisora-humana' })
    expect(stale.failed).toContainEqual({
      name: `${MYPE}.answer.json`,
      reason: expect.stringContaining('cambiaron'),
    })
    expect(readFileSync(descriptorFile(MYPE), 'utf8')).toBe(before)
  })
})
