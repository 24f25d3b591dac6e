import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { agentResponseSchema } from '../../shared/consultation-schemas'
import { createLogger, type LogEntry } from '../../shared/logger'
import type { SourceItem } from '../../shared/search-schemas'
import { type AgentAnswer, AgentFailure } from '../agents/gateway/types'
import { ingestCorpus } from '../corpus/ingest/ingest'
import { loadConversation } from '../corpus/pack/pack-data'
import { searchCorpus } from '../corpus/search/search'
import type { FakeServer } from '../test/fake-http'
import {
  fakeLlmSettings,
  readChatRequest,
  sourceNumber,
  startFakeLlm,
  startScriptedLlm,
} from '../test/fake-llm'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { missing, SHARED_CORPUS, sharedCorpus } from '../test/requirements'
import { signedInPerson } from '../test/users'
import { citedNumbers } from './citations'
import { sourceName } from './extractive'
import { trainLegalIntent } from './legal-intent'
import type { LlmSettings } from './llm-client'
import { LEGAL_NOTE } from './messages'
import { createResearchAgent, type ResearchAgentDeps } from './research-agent'
import { researchScope } from './scopes'

const SHARED = SHARED_CORPUS
const NORMS = ['CON-1993.md', 'LEY-31307-2021.md', 'DLEG-PENAL-1991.md', 'DS-003-97-TR-1997.md']

/** The Constitution, the constitutional procedure code, the penal code, the labour TUO, and every ruling. */
function smallCorpus(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-research-'))
  mkdirSync(path.join(dir, 'legalize-pe', 'pe'), { recursive: true })
  for (const name of NORMS)
    cpSync(path.join(SHARED, 'legalize-pe', 'pe', name), path.join(dir, 'legalize-pe', 'pe', name))
  cpSync(path.join(SHARED, 'pj-jurisprudencia'), path.join(dir, 'pj-jurisprudencia'), { recursive: true })
  return dir
}

/** A legal-intent classifier taught invented examples: the test says how the agent uses it, whatever the pack holds. */
const chatIntent = () =>
  trainLegalIntent({
    legal: [
      'el presidente puede ser reelegido',
      'cuántos años de cárcel por robar con arma',
      'me despidieron sin causa, qué indemnización me corresponde',
      'el congreso puede vacar al presidente',
      'cuántas horas es la jornada de trabajo',
    ],
    other: [
      'quién ganó el partido de fútbol',
      'cuánto dura una película de terror',
      'recomiéndame un equipo de fútbol para ver',
      'cómo preparo un ceviche',
      'el partido del domingo fue profesional',
    ],
  })

type Run = { answer: AgentAnswer; partials: string[]; logs: LogEntry[] }

async function ask(
  t: TestApp,
  scopeName: string,
  question: string,
  options: {
    llm?: LlmSettings
    country?: string
    signal?: AbortSignal
    pack?: ResearchAgentDeps['pack']
  } = {},
): Promise<Run> {
  const logs: LogEntry[] = []
  const logger = createLogger({ level: 'DEBUG', sinks: [(e) => void logs.push(e)] })
  const agent = createResearchAgent({ db: t.db, logger, llm: options.llm ?? null, pack: options.pack })
  const partials: string[] = []
  const answer = await agent.run(researchScope(scopeName)!, {
    agent: { id: scopeName, name: scopeName, url: `builtin:${scopeName}`, credits: 1 },
    sessionId: 'sesion-1',
    historyId: 501,
    userId: 'u-1',
    userInput: question,
    countryCode: options.country ?? 'PE',
    signal: options.signal ?? new AbortController().signal,
    onPartial: (text) => partials.push(text),
  })
  return { answer, partials, logs }
}

const ids = (items: SourceItem[]) => items.map((s) => s.identifier)
const sourceCount = (a: AgentAnswer) => a.contextLeyes.length + a.contextSentencias.length

/** Every source returned is cited, and nothing else: [1]…[n] in the order the sources are returned. */
function expectCitationsMatchSources(a: AgentAnswer) {
  const cited = citedNumbers(a.answer).sort((x, y) => x - y)
  expect(cited).toEqual(Array.from({ length: sourceCount(a) }, (_, i) => i + 1))
}

describe('research agent on an empty index', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  it('says the corpus is not loaded and how to load it, with no sources and no charge', async () => {
    const { answer, partials } = await ask(t, 'general', 'cuánto dura el mandato presidencial')
    expect(answer.state).toBe('corpus_empty')
    expect(answer.answer).toContain('El corpus legal todavía no está cargado')
    expect(answer.answer).toContain('npm run corpus:ingest -- --demo')
    expect(answer.skipCreditDeduction).toBe(true)
    expect(sourceCount(answer)).toBe(0)
    expect(partials.at(-1)).toBe(answer.answer)
  })
})

describe.skipIf(missing(sharedCorpus())).each(BACKENDS)('research agent on %s', (backend) => {
  let t: TestApp
  let corpusDir: string
  let llm: FakeServer | undefined
  beforeAll(async () => {
    t = await createTestApp(backend)
    corpusDir = smallCorpus()
    const summary = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
    expect(summary.failed).toEqual([])
  }, 180_000)
  afterAll(async () => {
    await t?.close()
    if (corpusDir) rmSync(corpusDir, { recursive: true, force: true })
  })
  afterEach(async () => {
    await llm?.close()
    llm = undefined
  })

  describe('without an LLM (extractive)', () => {
    it('answers the presidential term with Constitution art. 112, quoted and cited, streaming as it goes', async () => {
      const { answer, partials } = await ask(t, 'general', 'cuánto dura el mandato presidencial')
      expect(answer.state).toBe('answered')
      expect(answer.skipCreditDeduction).toBe(false)
      expect(answer.historyId).toBe(501)
      const art112 = answer.contextLeyes.findIndex(
        (s) => s.identifier === 'CON-1993' && s.label === 'Artículo 112',
      )
      expect(art112).toBeGreaterThanOrEqual(0)
      expect(answer.contextLeyes[art112]).toMatchObject({
        title: 'Constitución Política del Perú, Artículo 112',
        kind: 'norma',
        url: '/api/originals/CON-1993.pdf',
      })
      expect(answer.contextLeyes.every((s) => s.kind === 'norma')).toBe(true)
      expect(answer.contextSentencias.every((s) => s.kind === 'sentencia')).toBe(true)
      // The answer opens with the sentence that says it, naming the article; then the article's sentences on the
      // question are quoted under its reference.
      expect(answer.answer).toMatch(
        /^Según el artículo 112 de la Constitución Política del Perú, el mandato presidencial es de cinco años, no hay reelección inmediata \[1\]\.\n/,
      )
      expect(answer.answer).toContain(
        `**Constitución Política del Perú, Artículo 112. Duración del mandato presidencial** [${art112 + 1}]`,
      )
      expect(answer.answer).toContain('> El mandato presidencial es de cinco años')
      expect(answer.answer.endsWith(LEGAL_NOTE)).toBe(true)
      expectCitationsMatchSources(answer)

      expect(partials.length).toBeGreaterThan(1)
      for (let i = 1; i < partials.length; i++) expect(partials[i]!.startsWith(partials[i - 1]!)).toBe(true)
      expect(partials[0]).toMatch(/^Según el artículo 112 /)
      expect(partials.at(-1)).toBe(answer.answer)
    })

    it('answers a question that only names a law with its first articles, cited and charged', async () => {
      const { answer } = await ask(t, 'general', 'ley 31307')
      expect(answer.skipCreditDeduction).toBe(false)
      expect(answer.contextLeyes.map((s) => [s.identifier, s.number])).toEqual([
        ['LEY-31307-2021', 'I'],
        ['LEY-31307-2021', 'II'],
        ['LEY-31307-2021', 'III'],
      ])
      expectCitationsMatchSources(answer)
      // Named outside the penal agent's norms: nothing of it, and no charge.
      const penal = await ask(t, 'penal', 'ley 31307')
      expect(ids(penal.answer.contextLeyes)).not.toContain('LEY-31307-2021')
      expect(penal.answer.skipCreditDeduction).toBe(true)
    })

    it('keeps the penal agent inside the penal part of the corpus', async () => {
      const term = await ask(t, 'penal', 'cuánto dura el mandato presidencial')
      expect(ids(term.answer.contextLeyes)).not.toContain('CON-1993')
      const byReference = await ask(t, 'penal', 'artículo 112 de la constitución')
      expect(ids(byReference.answer.contextLeyes)).not.toContain('CON-1993')

      const robbery = await ask(t, 'penal', 'pena por robo agravado')
      expect(robbery.answer.state).toBe('answered')
      expect(ids(robbery.answer.contextLeyes)).toContain('DLEG-PENAL-1991')
      expect(new Set(ids(robbery.answer.contextLeyes))).toEqual(new Set(['DLEG-PENAL-1991']))
      // The aggravated robbery's own article leads, with its penalty, before its neighbours (hurto agravado…).
      expect(robbery.answer.contextLeyes[0]).toMatchObject({ identifier: 'DLEG-PENAL-1991', number: '189' })
      expect(robbery.answer.answer).toMatch(
        /^Según el artículo 189 del Código Penal Peruano \(«Robo agravado»\), la pena será no menor de doce ni mayor de veinte años si el robo se comete en alguno de los casos que el artículo enumera \[1\]\./,
      )
      // Robbery rulings on other issues (extradition, pre-trial detention) share its tag, not its subject.
      expect(robbery.answer.contextSentencias).toEqual([])
      expectCitationsMatchSources(robbery.answer)

      const detention = await ask(
        t,
        'penal',
        'cuándo procede la prisión preventiva en un caso de robo agravado',
      )
      expect(detention.answer.contextSentencias.length).toBeGreaterThan(0)
      // A ruling's context_page starts with the chamber that decided it.
      for (const s of detention.answer.contextSentencias) {
        expect(s.context_page).toMatch(/^Sala Penal/)
        expect(s.content.toLowerCase()).toContain('prisión preventiva')
      }
      expectCitationsMatchSources(detention.answer)
    })

    it('keeps the labour and constitutional agents in their scope, and the general one finds both', async () => {
      const dismissal = await ask(t, 'laboral', 'me despidieron sin causa, qué indemnización me corresponde')
      expect(dismissal.answer.state).toBe('answered')
      expect(new Set(ids(dismissal.answer.contextLeyes))).toEqual(new Set(['DS-003-97-TR-1997']))
      for (const s of dismissal.answer.contextSentencias) expect(s.context_page).not.toMatch(/Penal/)

      const amparo = await ask(t, 'constitucional', 'procede el amparo contra una resolución judicial')
      expect(amparo.answer.state).toBe('answered')
      for (const id of ids(amparo.answer.contextLeyes)) expect(['CON-1993', 'LEY-31307-2021']).toContain(id)
      // Rulings only when on the subject (rulings-on-subject.test.ts); any attached is an amparo.
      for (const s of amparo.answer.contextSentencias) expect(s.content.toLowerCase()).toContain('amparo')

      const general = await ask(t, 'general', 'me despidieron sin causa, qué indemnización me corresponde')
      expect(ids(general.answer.contextLeyes)).toContain('DS-003-97-TR-1997')
    })

    it('says plainly when nothing in its scope answers, suggests rephrasing, and charges nothing', async () => {
      // A legal question none of the four norms answers (trademarks).
      const { answer, partials } = await ask(
        t,
        'general',
        'cuánto cuesta registrar mi marca de cerveza artesanal',
      )
      expect(answer.state).toBe('no_results')
      expect(answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(answer)).toBe(0)
      expect(answer.answer).toContain('No encontré en las normas y sentencias del corpus')
      expect(answer.answer).toContain('reformularla')
      expect(partials).toEqual([answer.answer])

      const scoped = await ask(t, 'laboral', 'extradición de un ciudadano extranjero')
      expect(scoped.answer.state).toBe('no_results')
      expect(scoped.answer.answer).toContain('las normas laborales')
      expect(scoped.answer.answer).toContain('prueba con otro agente')
    })

    it('greets back with what Lexia does, with no sources and no charge; a greeting before a question is a question', async () => {
      const hello = await ask(t, 'general', '¡Hola!')
      expect(hello.answer.state).toBe('conversation')
      expect(hello.answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(hello.answer)).toBe(0)
      expect(hello.answer.answer).toMatch(/^¡Hola! Soy Lexia/)
      expect(hello.partials).toEqual([hello.answer.answer])

      const question = await ask(
        t,
        'general',
        'hola, me despidieron sin causa, qué indemnización me corresponde',
      )
      expect(question.answer.state).toBe('answered')
      expect(question.answer.skipCreditDeduction).toBe(false)
      expect(ids(question.answer.contextLeyes)).toContain('DS-003-97-TR-1997')
    })

    it('says it answers on Peruvian law when asked about another country’s, with no sources and no charge', async () => {
      // Invented pack data: the test says how the rule reads it, whatever the country pack holds.
      const pack = {
        foreign: [
          {
            iso: 'PY',
            demonyms: ['paraguayo', 'paraguaya'],
            places: ['Asunción'],
            legalBodies: [],
            excluded: [],
          },
        ],
      }
      // The Constitution's article on the presidential term would lead: the question is about another country.
      const abroad = await ask(t, 'general', '¿cuánto dura el mandato presidencial en Paraguay?', { pack })
      expect(abroad.answer.state).toBe('foreign_law')
      expect(abroad.answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(abroad.answer)).toBe(0)
      expect(abroad.answer.answer).toMatch(/^Solo respondo sobre el derecho de Perú/)
      expect(abroad.answer.answer).toContain('las leyes ni los trámites de Paraguay')
      expect(abroad.partials).toEqual([abroad.answer.answer])
      // A foreigner asking about Peruvian law is answered.
      const here = await ask(t, 'general', 'soy paraguayo, ¿cuánto dura el mandato presidencial?', { pack })
      expect(here.answer.state).toBe('answered')
      expect(here.answer.skipCreditDeduction).toBe(false)
      expect(ids(here.answer.contextLeyes)).toContain('CON-1993')
    })

    it('declines to give an opinion with the friendly reply, no sources and no charge, whatever the rest names', async () => {
      const pack = { conversation: { ...loadConversation(), opinions: ['que opinas'] } }
      const opinion = await ask(t, 'general', '¿Qué opinas del mandato presidencial?', { pack })
      expect(opinion.answer.state).toBe('conversation')
      expect(opinion.answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(opinion.answer)).toBe(0)
      expect(opinion.answer.answer).toMatch(/^No doy opiniones personales ni hago pronósticos\. Soy Lexia/)
    })

    it('answers a message that is no legal question as conversation, free, though search finds its words', async () => {
      const gateOff = { intent: { odds: () => 99 } }
      const line = '¿cuánto dura un partido de fútbol profesional?'
      // Search finds the Constitution's articles on parties and terms of office, and without the intent they answer.
      expect((await ask(t, 'general', line, { pack: gateOff })).answer.state).toBe('answered')
      const pack = { intent: chatIntent() }
      const chat = await ask(t, 'general', line, { pack })
      expect(chat.answer.state).toBe('conversation')
      expect(chat.answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(chat.answer)).toBe(0)
      expect(chat.answer.answer).toMatch(/^Soy Lexia/)
      // A legal question is answered; so is one that names an article, whatever its other words.
      const legal = await ask(t, 'general', '¿el presidente de la república puede ser reelegido enseguida?', {
        pack,
      })
      expect(legal.answer.state).toBe('answered')
      const named = await ask(t, 'general', 'el artículo 112 de la Constitución y el partido de fútbol', {
        pack,
      })
      expect(named.answer.state).toBe('answered')
      expect(ids(named.answer.contextLeyes)).toContain('CON-1993')
    })

    it('charges nothing through POST /api/agentCommunication unless the answer cites a source', async () => {
      const ana = await signedInPerson(t, 'ana')
      const send = async (userInput: string) => {
        const res = await t.call('/api/agentCommunication', {
          body: {
            agentId: 'general',
            sessionId: `sesion-${Math.random().toString(36).slice(2, 10)}`,
            userInput,
            countryCode: 'pe',
          },
          headers: { cookie: ana.cookie },
        })
        expect(res.status).toBe(200)
        return agentResponseSchema.parse(await res.json())
      }
      const balance = await t.call('/api/credits', { headers: { cookie: ana.cookie } })
      const before = ((await balance.json()) as { remaining_credits: number }).remaining_credits
      const thanks = await send('gracias')
      expect(thanks).toMatchObject({ skip_credit_deduction: true, state: 'skipped', context_leyes: [] })
      expect(thanks.credits.remaining_credits).toBe(before)
      const nothing = await send('receta de ceviche con leche de tigre')
      expect(nothing).toMatchObject({
        skip_credit_deduction: true,
        context_leyes: [],
        context_sentencias: [],
      })
      expect(nothing.credits.remaining_credits).toBe(before)
      const cited = await send('cuánto dura el mandato presidencial')
      expect(cited.skip_credit_deduction).toBe(false)
      expect(cited.context_leyes.length).toBeGreaterThan(0)
      expect(cited.credits.remaining_credits).toBe(before - 1)
    })

    it('says when the country has no corpus yet', async () => {
      const { answer } = await ask(t, 'general', 'cuánto dura el mandato presidencial', { country: 'CL' })
      expect(answer.state).toBe('no_results')
      expect(answer.answer).toContain('Todavía no hay normas ni sentencias de CL')
      expect(sourceCount(answer)).toBe(0)
    })

    it('stops with a timeout failure when the run is aborted', async () => {
      const controller = new AbortController()
      controller.abort()
      const error = await ask(t, 'general', 'mandato presidencial', { signal: controller.signal }).catch(
        (e) => e,
      )
      expect(error).toBeInstanceOf(AgentFailure)
      expect((error as AgentFailure).reason).toBe('timeout')
    })
  })

  describe('with an OpenAI-compatible LLM (local fake)', () => {
    const ARTICLE_112 = 'Constitución Política del Perú, Artículo 112'

    it('streams the model’s answer, drops citations to sources not given and keeps only those cited', async () => {
      let notGiven = 0
      llm = await startScriptedLlm((request) => {
        const n = sourceNumber(request, ARTICLE_112)!
        notGiven = request.sources.size + 5
        return {
          stream: [
            'El mandato presidencial dura cinco años ',
            `[${n}]`,
            `, sin reelección inmediata [${n}, ${notGiven}]. `,
            `Según otra fuente, no hay límite [${notGiven}].`,
          ],
        }
      })
      const { answer, partials } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      const request = JSON.parse(llm.requests[0]!.body) as {
        stream: boolean
        messages: { content: string }[]
      }
      expect(request.stream).toBe(true)
      expect(request.messages[0]!.content).toContain('Cita solo números')
      expect(request.messages[1]!.content).toContain('Pregunta: cuánto dura el mandato presidencial')

      expect(answer.state).toBe('answered')
      expect(answer.answer).toBe(
        `El mandato presidencial dura cinco años [1], sin reelección inmediata [1]. Según otra fuente, no hay límite.\n\n---\n\n${LEGAL_NOTE}`,
      )
      expect(answer.contextLeyes.map((s) => s.title)).toEqual([
        'Constitución Política del Perú, Artículo 112',
      ])
      expect(answer.contextSentencias).toEqual([])
      expect(partials.length).toBeGreaterThan(2)
      for (const p of partials) expect(p).not.toContain(`[${notGiven}`)
      expect(partials.at(-1)).toBe(answer.answer)
    })

    it('refuses an answer that cites no source: the extractive answer stands instead, with a warning', async () => {
      llm = await startFakeLlm(() => ({ stream: ['El mandato presidencial es de cinco años.'] }))
      const withLlm = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      const extractive = await ask(t, 'general', 'cuánto dura el mandato presidencial')
      expect(withLlm.answer.answer).toBe(extractive.answer.answer)
      expect(ids(withLlm.answer.contextLeyes)).toEqual(ids(extractive.answer.contextLeyes))
      expect(withLlm.answer.skipCreditDeduction).toBe(false)
      expectCitationsMatchSources(withLlm.answer)
      const warning = withLlm.logs.find((l) => l.level === 'WARN' && l.message.includes('no se apoya'))
      expect(warning?.metadata).toMatchObject({ reason: expect.stringContaining('no cita ninguna fuente') })
    })

    it('refuses an answer stating a number none of its sources holds, and takes one written otherwise', async () => {
      let given = ''
      llm = await startScriptedLlm((request, i) => {
        given = request.user
        const n = sourceNumber(request, ARTICLE_112)!
        return {
          stream: [
            i === 0
              ? `El mandato presidencial dura cinco años [${n}] y el actual termina en 2087 [${n}].`
              : // '5' where the law says 'cinco': the same number; 1993 is in the source's identifier (CON-1993).
                `La Constitución de 1993 fija el mandato presidencial en 5 años [${n}].`,
          ],
        }
      })
      const refused = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      expect(given).not.toContain('2087')
      expect(refused.answer.answer).toMatch(/^Según el artículo 112 de la Constitución/)
      expect(refused.answer.answer).not.toContain('2087')
      expect(refused.answer.skipCreditDeduction).toBe(false)
      expectCitationsMatchSources(refused.answer)
      const warning = refused.logs.find((l) => l.level === 'WARN' && l.message.includes('no se apoya'))
      expect(warning?.metadata).toMatchObject({ reason: 'cifras que no están en las fuentes: 2087' })

      const taken = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      expect(taken.answer.answer).toBe(
        `La Constitución de 1993 fija el mandato presidencial en 5 años [1].\n\n---\n\n${LEGAL_NOTE}`,
      )
    })

    it('gives the model search’s best norms even when the extractive answer abstains, and may be told they do not answer', async () => {
      const question = 'cuánto cuesta registrar mi marca de cerveza artesanal'
      // The mark split between pieces and dressed in Markdown, as models write it.
      llm = await startFakeLlm(() => ({ stream: ['**SIN_', 'RESPUESTA**'] }))
      const { answer, partials } = await ask(t, 'general', question, { llm: fakeLlmSettings(llm.url) })
      expect(llm.requests).toHaveLength(1)
      const { user } = readChatRequest(llm.requests[0]!.body)
      const best = await searchCorpus(t.db, { q: question, type: 'norma', country: 'PE', limit: 5 })
      expect(best.length).toBeGreaterThan(0)
      for (const [i, hit] of best.entries()) expect(user).toContain(`[${i + 1}] ${sourceName(hit)}`)

      expect(answer.state).toBe('no_results')
      expect(answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(answer)).toBe(0)
      expect(answer.answer).toContain('No encontré en las normas y sentencias del corpus')
      expect(partials).toEqual([answer.answer])
    })

    it('streams a slow model’s answer in order, with no time limit but the run’s while it keeps writing', async () => {
      const pieces = ['El mandato ', 'presidencial ', 'dura ', 'cinco ', 'años ', '[1', '].']
      llm = await startScriptedLlm((request) => {
        const n = sourceNumber(request, ARTICLE_112)!
        return { stream: pieces.map((p) => (p === '[1' ? `[${n}` : p)), delayMs: 200 }
      })
      const started = Date.now()
      const { answer, partials } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url, { timeoutMs: 1000 }),
      })
      expect(Date.now() - started).toBeGreaterThan(1000)
      expect(answer.answer).toBe(`El mandato presidencial dura cinco años [1].\n\n---\n\n${LEGAL_NOTE}`)
      expect(partials.length).toBeGreaterThanOrEqual(pieces.length)
      for (let i = 1; i < partials.length; i++)
        expect(partials[i]!.startsWith(partials[i - 1]!.trimEnd())).toBe(true)
      // A citation cut between two pieces is held back until it is whole.
      expect(partials.some((p) => /\[\d*$/.test(p))).toBe(false)
      expect(partials.at(-1)).toBe(answer.answer)
    })

    it('falls back to the extractive answer when the model’s stream is cut mid-answer', async () => {
      llm = await startFakeLlm(() => ({ stream: ['El mandato ', 'presidencial ', 'dura'], cutAfter: 2 }))
      const { answer, partials, logs } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      expect(partials[0]).toBe('El mandato ')
      expect(answer.answer).toMatch(/^Según el artículo 112 de la Constitución/)
      expect(answer.skipCreditDeduction).toBe(false)
      expectCitationsMatchSources(answer)
      expect(partials.at(-1)).toBe(answer.answer)
      const warning = logs.find((l) => l.level === 'WARN' && l.message.includes('modelo de lenguaje'))
      expect(warning?.metadata).toMatchObject({ reason: expect.stringContaining('flujo interrumpido') })
    })

    it('falls back to the extractive answer, with a warning, when the model fails', async () => {
      llm = await startFakeLlm(() => ({ status: 500 }))
      const { answer, logs } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
      })
      expect(answer.state).toBe('answered')
      expect(answer.answer).toMatch(/^Según el artículo 112 de la Constitución/)
      expect(ids(answer.contextLeyes)).toContain('CON-1993')
      expectCitationsMatchSources(answer)
      const warning = logs.find((l) => l.level === 'WARN' && l.message.includes('modelo de lenguaje'))
      expect(warning?.metadata).toMatchObject({ reason: expect.stringContaining('HTTP 500') })
      expect(JSON.stringify(logs)).not.toContain('clave-de-prueba')
    })

    it('falls back too when the model does not answer in time', async () => {
      llm = await startFakeLlm(() => ({ hang: true }))
      const { answer } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url, { timeoutMs: 300 }),
      })
      expect(answer.answer).toMatch(/^Según el artículo 112 de la Constitución/)
    })

    it('may reword the question for retrieval first, and still answers the question asked', async () => {
      llm = await startFakeLlm((_req, i) =>
        i === 0 ? { json: 'duración del mandato presidencial' } : { stream: ['Cinco años [1].'] },
      )
      const { answer } = await ask(t, 'general', 'oye y el presi cuántos años se queda', {
        llm: fakeLlmSettings(llm.url, { rewriteQuery: true }),
      })
      expect(llm.requests).toHaveLength(2)
      expect(JSON.parse(llm.requests[0]!.body).stream).toBe(false)
      const second = JSON.parse(llm.requests[1]!.body) as { messages: { content: string }[] }
      expect(second.messages[1]!.content).toContain('Pregunta: oye y el presi cuántos años se queda')
      expect(second.messages[1]!.content).toContain('Constitución Política del Perú, Artículo 112')
      expect(answer.contextLeyes).toHaveLength(1)
    })

    it('greets back with what Lexia does without calling the model, free', async () => {
      llm = await startFakeLlm(() => ({ stream: ['no debería llamarse'] }))
      const { answer } = await ask(t, 'general', 'mil gracias', { llm: fakeLlmSettings(llm.url) })
      expect(answer.state).toBe('conversation')
      expect(answer.skipCreditDeduction).toBe(true)
      expect(sourceCount(answer)).toBe(0)
      expect(llm.requests).toHaveLength(0)
    })

    it('does not call the model for another country’s law or an opinion, and charges nothing', async () => {
      llm = await startFakeLlm(() => ({ stream: ['no debería llamarse'] }))
      const settings = fakeLlmSettings(llm.url)
      const pack = {
        foreign: [{ iso: 'PY', demonyms: [], places: [], legalBodies: [], excluded: [] }],
        conversation: { ...loadConversation(), opinions: ['que opinas'] },
      }
      const abroad = await ask(t, 'general', '¿cuánto dura el mandato presidencial en Paraguay?', {
        llm: settings,
        pack,
      })
      expect(abroad.answer).toMatchObject({ state: 'foreign_law', skipCreditDeduction: true })
      expect(sourceCount(abroad.answer)).toBe(0)
      const opinion = await ask(t, 'general', '¿qué opinas del mandato presidencial?', {
        llm: settings,
        pack,
      })
      expect(opinion.answer).toMatchObject({ state: 'conversation', skipCreditDeduction: true })
      expect(llm.requests).toHaveLength(0)
    })

    it('does not call the model for a message that is no legal question', async () => {
      llm = await startFakeLlm(() => ({ stream: ['no debería llamarse'] }))
      const { answer } = await ask(t, 'general', '¿cuánto dura un partido de fútbol profesional?', {
        llm: fakeLlmSettings(llm.url),
        pack: { intent: chatIntent() },
      })
      expect(answer).toMatchObject({ state: 'conversation', skipCreditDeduction: true })
      expect(llm.requests).toHaveLength(0)
    })

    it('does not call the model when search finds nothing to give it', async () => {
      llm = await startFakeLlm(() => ({ stream: ['no debería llamarse'] }))
      const { answer } = await ask(t, 'general', 'cuánto dura el mandato presidencial', {
        llm: fakeLlmSettings(llm.url),
        country: 'CL',
      })
      expect(answer.state).toBe('no_results')
      expect(llm.requests).toHaveLength(0)
    })
  })
})
