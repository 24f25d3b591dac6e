import type { Logger } from '../../shared/logger'
import { type AgentAnswer, AgentFailure, type AgentRunInput } from '../agents/gateway/types'
import type { Conversation, ForeignCountry } from '../corpus/pack/pack-data'
import type { SearchHit } from '../corpus/search/search'
import { toSourceItem } from '../corpus/source-item'
import type { Db } from '../db/client'
import { type AnswerKind, answerKindOf } from './answer-kind'
import { type ConversationKind, conversation, conversationOnly } from './conversation'
import {
  directAnswer,
  leaderFirst,
  leadFromRulings,
  listedNorm,
  rulingItem,
  splitDecisive,
  trimmedNorm,
} from './extractive'
import {
  countryName,
  type ForeignMention,
  foreignMention,
  foreignNames,
  namesCountry,
  packNames,
} from './foreign'
import { type LegalIntent, legalIntent } from './legal-intent'
import { answerWithLlm, type LlmOutcome, rewriteQuestion } from './llm-answer'
import { LlmError, type LlmSettings } from './llm-client'
import {
  CORPUS_EMPTY_ANSWER,
  conversationAnswer,
  countryEmptyAnswer,
  foreignLawAnswer,
  LEGAL_NOTE,
  noResultsAnswer,
} from './messages'
import { asksTheLaw, type Ideas, questionIdeas } from './relevance'
import {
  corpusState,
  findNorms,
  findRulings,
  inScope,
  MAX_NORMS,
  normCandidates,
  type RulingHit,
} from './retrieve'
import { withRewritingArticles } from './rewriting-articles'
import type { ResearchScope } from './scopes'

export type ResearchAgentDeps = {
  db: Db
  logger: Logger
  /** Set when LLM_BASE_URL is: answers are written by the model over the sources. */
  llm: LlmSettings | null
  /** The LLM calls' fetch (tests). */
  fetch?: typeof fetch
  /** Pack data in place of the country pack's (tests): conversation phrases, other countries, legal intent. */
  pack?: {
    conversation?: Partial<Conversation>
    foreign?: readonly ForeignCountry[]
    intent?: LegalIntent
  }
}

const NOTE = `\n\n---\n\n${LEGAL_NOTE}`

/** Lets the consumer of partial answers run between the parts of an answer. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

function checkAborted(signal: AbortSignal) {
  if (signal.aborted) throw new AgentFailure('timeout', 'La consulta superó el tiempo máximo')
}

/** The answer as it grows: each part appended is published whole (onPartial takes the text so far). */
function growingText(onPartial: (text: string) => void) {
  let text = ''
  return {
    add(part: string) {
      if (!part) return
      text += part
      onPartial(text)
    },
    get text() {
      return text
    },
  }
}

/**
 * The extractive answer's parts, in order: the direct answer from the leading norm, the decisive norms trimmed to
 * what concerns the question, the provisions only listed. `norms` come in answer order (answerOrder): [n] is the
 * n-th source returned.
 */
function* normParts(norms: SearchHit[], ideas: Ideas, kind: AnswerKind | null): Generator<string> {
  const { quoted, listed } = splitDecisive(norms)
  if (!quoted.length) return
  yield directAnswer(quoted[0]!, 1, ideas, kind)
  yield '\n\n### Lo que dice la norma'
  for (const [i, hit] of quoted.entries()) yield `\n\n${trimmedNorm(hit, i + 1, ideas, kind)}`
  if (listed.length) {
    yield '\n\n### Otras disposiciones relacionadas\n'
    for (const [i, hit] of listed.entries()) yield `\n${listedNorm(hit, quoted.length + i + 1, ideas)}`
  }
}

/** The norms in the order the extractive answer cites them: the one that answers the question first. */
function answerOrder(norms: SearchHit[], ideas: Ideas, question: string) {
  const kind = answerKindOf(question)
  return { norms: leaderFirst(norms, ideas, kind), kind }
}

function* rulingParts(
  rulings: RulingHit[],
  firstNumber: number,
  withLead: boolean,
  ideas: Ideas,
): Generator<string> {
  if (!rulings.length) return
  if (withLead) yield leadFromRulings(rulings)
  yield '\n\n### Jurisprudencia relacionada\n'
  for (const [i, ruling] of rulings.entries()) yield `\n${rulingItem(ruling, firstNumber + i, ideas)}`
}

function answered(input: AgentRunInput, text: string, norms: SearchHit[], rulings: RulingHit[]): AgentAnswer {
  return {
    answer: text,
    historyId: input.historyId,
    // Nothing is charged unless the answer cites a source, whichever way it was written.
    skipCreditDeduction: norms.length + rulings.length === 0,
    state: 'answered',
    contextLeyes: norms.map(toSourceItem),
    contextSentencias: rulings.map((r) => toSourceItem(r.hit)),
  }
}

function conversing(input: AgentRunInput, kind: ConversationKind): AgentAnswer {
  const answer = conversationAnswer(kind)
  input.onPartial(answer)
  return {
    answer,
    historyId: input.historyId,
    skipCreditDeduction: true,
    state: 'conversation',
    contextLeyes: [],
    contextSentencias: [],
  }
}

/**
 * The other country a question asks about. Named only as a country ('¿Chile puede pedir mi extradición?'), a norm
 * search found that names it (a treaty) answers for it; named as where the facts are or by its own law ('vivo en
 * Santiago de Chile', 'la ley chilena'), no norm of here does, even a treaty with it that shares a word.
 */
function abroad(
  input: AgentRunInput,
  norms: readonly SearchHit[],
  pack?: readonly ForeignCountry[],
): ForeignMention | null {
  const names = pack ? foreignNames(pack, input.countryCode) : packNames(input.countryCode)
  const mention = foreignMention(input.userInput, input.countryCode, names)
  if (!mention) return null
  if (mention.firm) return mention
  const spoken = norms.some((n) =>
    namesCountry(`${n.title} ${n.heading ?? ''} ${n.content}`, mention.iso, names),
  )
  return spoken ? null : mention
}

/** The reply to a question on another country's law: what Lexia answers on, no sources, no charge. */
function foreign(input: AgentRunInput, mention: ForeignMention): AgentAnswer {
  const home = countryName(input.countryCode)
  const answer = foreignLawAnswer(mention.country, home ?? input.countryCode)
  input.onPartial(answer)
  return {
    answer,
    historyId: input.historyId,
    skipCreditDeduction: true,
    state: 'foreign_law',
    contextLeyes: [],
    contextSentencias: [],
  }
}

/**
 * The builtin legal research agent (DESIGN 7): retrieves from the corpus within its scope and the country, then
 * answers in Spanish Markdown, citing only what it retrieved — written by an LLM when one is configured, else
 * composed from the passages themselves. Either way the answer streams to onPartial as it is composed. Nothing to
 * search, or nothing that answers, is said plainly and costs nothing (skip_credit_deduction).
 */
export function createResearchAgent(deps: ResearchAgentDeps) {
  const intentOf = (message: string) => (deps.pack?.intent ?? legalIntent()).odds(message)

  async function nothingFound(input: AgentRunInput, scope: ResearchScope): Promise<AgentAnswer> {
    const state = await corpusState(deps.db, input.countryCode)
    const answer =
      state === 'empty'
        ? CORPUS_EMPTY_ANSWER
        : state === 'no_country'
          ? countryEmptyAnswer(input.countryCode)
          : noResultsAnswer(scope)
    input.onPartial(answer)
    return {
      answer,
      historyId: input.historyId,
      skipCreditDeduction: true,
      state: state === 'empty' ? 'corpus_empty' : 'no_results',
      contextLeyes: [],
      contextSentencias: [],
    }
  }

  /**
   * What the model reads: search's best norms before the relevance filter (the model judges them itself, so a
   * good article the extractive decision would drop still reaches it), and the rulings the answer would attach.
   */
  async function candidates(scope: ResearchScope, query: string, country: string) {
    const ideas = await questionIdeas(deps.db, query)
    const best = (await normCandidates(deps.db, scope, query, country)).slice(0, MAX_NORMS)
    const rulings = await findRulings(deps.db, scope, query, country, ideas, best)
    const norms = await withRewritingArticles(deps.db, best, inScope(scope, country))
    return { query, norms, rulings, ideas }
  }

  /**
   * The extractive answer in place of the model's, when the model failed or wrote what cannot be shown: the norms
   * the extractive decision keeps (searched again — this path is rare), or the plain no-answer when it keeps none.
   */
  async function extractiveInstead(
    scope: ResearchScope,
    input: AgentRunInput,
    found: Awaited<ReturnType<typeof candidates>>,
  ): Promise<AgentAnswer> {
    const norms = await findNorms(deps.db, scope, found.query, input.countryCode)
    checkAborted(input.signal)
    const { rulings, ideas } = found
    if (!norms.length && !rulings.length) return nothingFound(input, scope)
    const text = growingText(input.onPartial)
    const ordered = answerOrder(norms, ideas, input.userInput)
    const shown = await withRewritingArticles(deps.db, ordered.norms, inScope(scope, input.countryCode))
    for (const part of normParts(shown, ideas, ordered.kind)) text.add(part)
    for (const part of rulingParts(rulings, shown.length + 1, !shown.length, ideas)) text.add(part)
    text.add(NOTE)
    return answered(input, text.text, shown, rulings)
  }

  /** With an LLM: retrieve everything first (the model needs all its sources), then stream the model's text. */
  async function runWithLlm(
    llm: LlmSettings,
    scope: ResearchScope,
    input: AgentRunInput,
    log: Logger,
  ): Promise<AgentAnswer> {
    const country = input.countryCode
    let found: Awaited<ReturnType<typeof candidates>> | null = null
    if (llm.rewriteQuery) {
      try {
        const query = await rewriteQuestion({
          settings: llm,
          question: input.userInput,
          signal: input.signal,
          fetch: deps.fetch,
        })
        found = await candidates(scope, query, country)
        if (!found.norms.length && !found.rulings.length) found = null
      } catch (error) {
        checkAborted(input.signal)
        log.warn('No se pudo reformular la consulta; se busca con la original', {
          reason: (error as Error).message,
        })
      }
    }
    found ??= await candidates(scope, input.userInput, country)
    checkAborted(input.signal)
    const elsewhere = abroad(input, found.norms, deps.pack?.foreign)
    if (elsewhere) return foreign(input, elsewhere)
    // A message that is no legal question is not the model's to answer: the same friendly reply, no model called.
    if (!asksTheLaw(intentOf(input.userInput), found.norms))
      return conversing(input, conversation(input.userInput, deps.pack?.conversation)?.kind ?? 'smallTalk')
    const { norms, rulings } = found
    if (!norms.length && !rulings.length) return nothingFound(input, scope)
    let outcome: LlmOutcome
    try {
      outcome = await answerWithLlm({
        settings: llm,
        question: input.userInput,
        norms,
        rulings,
        signal: input.signal,
        onPartial: input.onPartial,
        fetch: deps.fetch,
      })
    } catch (error) {
      checkAborted(input.signal)
      log.warn('El modelo de lenguaje falló; se responde con el texto de las fuentes', {
        reason: (error as Error).message,
        fallback: error instanceof LlmError && error.silent ? 'silence' : 'error',
      })
      return extractiveInstead(scope, input, found)
    }
    if (outcome.kind === 'no_answer') return nothingFound(input, scope)
    if (outcome.kind === 'ungrounded') {
      log.warn(
        'La respuesta del modelo no se apoya en las fuentes; se responde con el texto de las fuentes',
        { reason: outcome.reason, fallback: outcome.why },
      )
      return extractiveInstead(scope, input, found)
    }
    const text = outcome.answer + NOTE
    input.onPartial(text)
    return answered(input, text, outcome.norms, outcome.rulings)
  }

  /** Without an LLM: the norms are searched first and their part of the answer streams while rulings are searched. */
  async function runExtractive(scope: ResearchScope, input: AgentRunInput): Promise<AgentAnswer> {
    const country = input.countryCode
    // Conversation ('hola', 'gracias') is not what to search for: the rest of the message is, if anything.
    const talk = conversation(input.userInput, deps.pack?.conversation)
    const query = talk ? talk.rest : input.userInput
    const ideas = await questionIdeas(deps.db, query)
    const text = growingText(input.onPartial)
    const found = query.trim() ? await findNorms(deps.db, scope, query, country) : []
    checkAborted(input.signal)
    // Conversation on which search found no strong legal evidence, or a message that is no legal question whatever
    // search found ('¿qué le doy de comer a mi tortuga?'): a friendly word on what Lexia does, not sources that share
    // a word with it. 'hola, me despidieron sin causa' found norms above.
    if (talk && !found.length) return conversing(input, talk.kind)
    // The whole message is read, its conversation too: '¿tú sueñas o solo respondes?' is chat as a whole.
    if (query.trim() && !asksTheLaw(intentOf(input.userInput), found))
      return conversing(input, talk?.kind ?? 'smallTalk')
    // Another country's law ('en Bolivia', 'la ley chilena'): the articles found here on the subject do not govern it.
    const elsewhere = abroad(input, found, deps.pack?.foreign)
    if (elsewhere) return foreign(input, elsewhere)
    const ordered = answerOrder(found, ideas, input.userInput)
    const norms = await withRewritingArticles(deps.db, ordered.norms, inScope(scope, country))
    for (const part of normParts(norms, ideas, ordered.kind)) {
      text.add(part)
      await tick()
    }
    // The rulings on the question's subject, judged against the norms search found (not those added for their text).
    const rulings = await findRulings(deps.db, scope, query, country, ideas, ordered.norms)
    checkAborted(input.signal)
    if (!norms.length && !rulings.length) return nothingFound(input, scope)
    for (const part of rulingParts(rulings, norms.length + 1, !norms.length, ideas)) {
      text.add(part)
      await tick()
    }
    text.add(NOTE)
    return answered(input, text.text, norms, rulings)
  }

  return {
    async run(scope: ResearchScope, input: AgentRunInput): Promise<AgentAnswer> {
      checkAborted(input.signal)
      const log = deps.logger.child({
        metadata: { agentId: input.agent.id, scope: scope.name, historyId: input.historyId },
      })
      // Nothing but conversation ('hola', 'gracias'), or a request for an opinion: the same friendly reply on both
      // paths, no model called.
      const talk = conversation(input.userInput, deps.pack?.conversation)
      if (conversationOnly(talk)) return conversing(input, talk!.kind)
      return deps.llm ? runWithLlm(deps.llm, scope, input, log) : runExtractive(scope, input)
    },
  }
}
