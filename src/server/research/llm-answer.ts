import type { SearchHit } from '../corpus/search/search'
import {
  citedNumbers,
  removeUnknownCitations,
  renumberCitations,
  withoutCitations,
  withoutOpenCitation,
} from './citations'
import { amendedNotice, excerpt, sourceName, spanishDate } from './extractive'
import { type ChatMessage, completeChat, type LlmSettings, streamChat } from './llm-client'
import type { RulingHit } from './retrieve'
import { numbersNotIn } from './stated-numbers'

/** What the model answers, alone, when its sources do not answer the question (docs/decisions/0017). */
export const NO_ANSWER_MARK = 'SIN_RESPUESTA'

export const SYSTEM_PROMPT = [
  'Eres Lexia, un asistente de investigación jurídica sobre el derecho peruano. Respondes en español, en Markdown,',
  'con claridad y sin rodeos, a personas que no son abogados.',
  '',
  'Reglas:',
  '- Responde solo con lo que dicen las fuentes numeradas que se te dan. No uses conocimiento propio ni inventes',
  '  normas, artículos, sentencias, plazos ni cifras.',
  '- Cita cada afirmación con el número de su fuente entre corchetes, por ejemplo [1] o [1, 3]. Cita solo números',
  '  de la lista de fuentes; nunca otros. Toda respuesta cita al menos una fuente.',
  '- Escribe cada cifra (plazo, monto, edad, año, porcentaje) tal como aparece en las fuentes; no calcules, no',
  '  sumes ni conviertas cifras, y no menciones cifras que las fuentes no contengan.',
  '- Empieza con una respuesta breve y directa: el plazo, el monto, la edad, la pena o el sí o el no con su',
  '  condición, nombrando el artículo. Luego explica los artículos decisivos (cita su texto entre comillas cuando',
  '  ayude) y, si las hay, las sentencias pertinentes.',
  `- Si ninguna fuente responde a la pregunta (o la pregunta no es jurídica), responde únicamente ${NO_ANSWER_MARK},`,
  '  sin nada más.',
  '- No agregues avisos legales ni despedidas: se añaden aparte.',
].join('\n')

const NORM_CHARS = 2000
const RULING_CHARS = 1500

/** The numbered sources as the model reads them: norms first, then rulings, as the answer returns them. */
export function sourcesMessage(question: string, norms: SearchHit[], rulings: RulingHit[]): string {
  const blocks = [
    ...norms.map((h) => {
      const heading = h.heading ? ` (${h.heading})` : ''
      // The identifier carries the norm's number and year ('LEY-31307-2021'), which titles often lack: the
      // model may name them, and the numbers check finds them here.
      // An article a later norm rewrote says so, that the model may tell the person which norm to read.
      const notice = amendedNotice(h)
      return `${sourceName(h)}${heading} — ${h.identifier}\n${excerpt(h.content, NORM_CHARS).join('\n')}${notice ? `\n${notice}` : ''}`
    }),
    ...rulings.map((r) => {
      const facts = [r.chamber, r.date ? spanishDate(r.date) : null].filter(Boolean).join(', ')
      const summary = r.summary ? `Sumilla: ${r.summary}\n` : ''
      return `Sentencia: ${r.hit.title}${facts ? ` (${facts})` : ''}\n${summary}${r.hit.label}: ${excerpt(r.hit.content, RULING_CHARS).join('\n')}`
    }),
  ]
  return `Pregunta: ${question}\n\nFuentes:\n\n${blocks.map((b, i) => `[${i + 1}] ${b}`).join('\n\n')}`
}

/**
 * What came of asking the model: an answer grounded in its sources (only the sources it cites, renumbered in
 * order); its word that the sources do not answer; or a text that cannot be shown as Lexia's answer — it cites
 * nothing, or it states numbers none of its sources holds (docs/decisions/0017).
 */
export type LlmOutcome =
  | { kind: 'answered'; answer: string; norms: SearchHit[]; rulings: RulingHit[] }
  | { kind: 'no_answer' }
  | { kind: 'ungrounded'; why: Extract<LlmFallback, 'no_citation' | 'invented_number'>; reason: string }

/**
 * Why a model's answer gave way to the extractive one: it cited nothing, it stated a number its sources do not
 * hold, the model failed (an HTTP error, an error event, a cut stream), or it stayed silent (LLM_TIMEOUT_MS, an
 * empty answer). The agent logs it as `fallback` beside its warning; `eval:answers -- --llm` counts them.
 */
export type LlmFallback = 'no_citation' | 'invented_number' | 'error' | 'silence'

/** The text without the spaces and Markdown a model may put around the mark ('**SIN_RESPUESTA**'). */
const head = (text: string) => text.replace(/^[\s*_`"'«]+/, '')
/** While the text could still become the no-answer mark, nothing of it is shown. */
const mayBeMark = (text: string) =>
  NO_ANSWER_MARK.startsWith(head(text)) || head(text).startsWith(NO_ANSWER_MARK)

/**
 * The model's answer over the numbered sources, streamed to `onPartial`. Citations to numbers it was not given are
 * removed (from the partials too) before the answer is judged.
 */
export async function answerWithLlm(args: {
  settings: LlmSettings
  question: string
  norms: SearchHit[]
  rulings: RulingHit[]
  signal: AbortSignal
  onPartial: (textSoFar: string) => void
  fetch?: typeof fetch
}): Promise<LlmOutcome> {
  const { norms, rulings } = args
  const given = norms.length + rulings.length
  const sources = sourcesMessage(args.question, norms, rulings)
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: sources },
  ]
  const raw = await streamChat(args.settings, messages, {
    signal: args.signal,
    fetch: args.fetch,
    onText: (text) => {
      if (!mayBeMark(text)) args.onPartial(removeUnknownCitations(withoutOpenCitation(text), given))
    },
    // The mark is the whole answer: nothing after it is read.
    stopWhen: (text) => head(text).startsWith(NO_ANSWER_MARK),
  })
  if (raw.includes(NO_ANSWER_MARK)) return { kind: 'no_answer' }
  const text = removeUnknownCitations(raw, given).trim()
  const cited = new Set(citedNumbers(text))
  if (!cited.size)
    return { kind: 'ungrounded', why: 'no_citation', reason: 'la respuesta no cita ninguna fuente' }
  const invented = numbersNotIn(withoutCitations(text), sources)
  if (invented.length)
    return {
      kind: 'ungrounded',
      why: 'invented_number',
      reason: `cifras que no están en las fuentes: ${invented.join(', ')}`,
    }
  const keep = [...Array(given).keys()].filter((i) => cited.has(i + 1))
  const numbering = new Map(keep.map((i, k) => [i + 1, k + 1]))
  return {
    kind: 'answered',
    answer: renumberCitations(text, numbering),
    norms: norms.filter((_, i) => cited.has(i + 1)),
    rulings: rulings.filter((_, j) => cited.has(norms.length + j + 1)),
  }
}

const REWRITE_PROMPT =
  'Convierte la consulta de una persona en una búsqueda para un buscador de normas y sentencias peruanas: los ' +
  'términos jurídicos precisos, y la norma o el artículo si la consulta los nombra. Una sola línea, sin ' +
  'explicaciones ni comillas.'

/** The question reworded for retrieval; the question itself when the model gives nothing usable. */
export async function rewriteQuestion(args: {
  settings: LlmSettings
  question: string
  signal: AbortSignal
  fetch?: typeof fetch
}): Promise<string> {
  const out = await completeChat(
    args.settings,
    [
      { role: 'system', content: REWRITE_PROMPT },
      { role: 'user', content: args.question },
    ],
    { signal: args.signal, fetch: args.fetch },
  )
  const line = out
    .replace(/["«»“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300)
  return line.length >= 2 ? line : args.question
}
