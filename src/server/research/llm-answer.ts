import type { SearchHit } from '../corpus/search/search'
import { citedNumbers, removeUnknownCitations, renumberCitations, withoutOpenCitation } from './citations'
import { excerpt, sourceName, spanishDate } from './extractive'
import { type ChatMessage, completeChat, type LlmSettings, streamChat } from './llm-client'
import type { RulingHit } from './retrieve'

export const SYSTEM_PROMPT = [
  'Eres Lexia, un asistente de investigación jurídica sobre el derecho peruano. Respondes en español, en Markdown,',
  'con claridad y sin rodeos, a personas que no son abogados.',
  '',
  'Reglas:',
  '- Responde solo con lo que dicen las fuentes numeradas que se te dan. No uses conocimiento propio ni inventes',
  '  normas, artículos, sentencias, plazos ni cifras.',
  '- Cita cada afirmación con el número de su fuente entre corchetes, por ejemplo [1] o [1, 3]. Cita solo números',
  '  de la lista de fuentes; nunca otros.',
  '- Empieza con una respuesta breve y directa. Luego explica los artículos decisivos (cita su texto entre comillas',
  '  cuando ayude) y, si las hay, las sentencias pertinentes.',
  '- Si las fuentes no bastan para responder, dilo con franqueza y sugiere cómo reformular la consulta.',
  '- No agregues avisos legales ni despedidas: se añaden aparte.',
].join('\n')

const NORM_CHARS = 2000
const RULING_CHARS = 1500

/** The numbered sources as the model reads them: norms first, then rulings, as the answer returns them. */
export function sourcesMessage(question: string, norms: SearchHit[], rulings: RulingHit[]): string {
  const blocks = [
    ...norms.map((h) => {
      const heading = h.heading ? ` (${h.heading})` : ''
      return `${sourceName(h)}${heading}\n${excerpt(h.content, NORM_CHARS).join('\n')}`
    }),
    ...rulings.map((r) => {
      const facts = [r.chamber, r.date ? spanishDate(r.date) : null].filter(Boolean).join(', ')
      const summary = r.summary ? `Sumilla: ${r.summary}\n` : ''
      return `Sentencia: ${r.hit.title}${facts ? ` (${facts})` : ''}\n${summary}${r.hit.label}: ${excerpt(r.hit.content, RULING_CHARS).join('\n')}`
    }),
  ]
  return `Pregunta: ${question}\n\nFuentes:\n\n${blocks.map((b, i) => `[${i + 1}] ${b}`).join('\n\n')}`
}

export type LlmResult = { answer: string; norms: SearchHit[]; rulings: RulingHit[] }

/**
 * The model's answer over the numbered sources, streamed to `onPartial`. Citations to numbers it was not given are
 * removed (from the partials too); only the sources it cites are kept, renumbered in order, or all of them when it
 * cites none.
 */
export async function answerWithLlm(args: {
  settings: LlmSettings
  question: string
  norms: SearchHit[]
  rulings: RulingHit[]
  signal: AbortSignal
  onPartial: (textSoFar: string) => void
  fetch?: typeof fetch
}): Promise<LlmResult> {
  const { norms, rulings } = args
  const given = norms.length + rulings.length
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: sourcesMessage(args.question, norms, rulings) },
  ]
  const raw = await streamChat(args.settings, messages, {
    signal: args.signal,
    fetch: args.fetch,
    onText: (text) => args.onPartial(removeUnknownCitations(withoutOpenCitation(text), given)),
  })
  const text = removeUnknownCitations(raw, given).trim()
  const cited = new Set(citedNumbers(text))
  if (!cited.size) return { answer: text, norms, rulings }
  const keep = [...Array(given).keys()].filter((i) => cited.has(i + 1))
  const numbering = new Map(keep.map((i, k) => [i + 1, k + 1]))
  return {
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
