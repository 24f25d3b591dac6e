import { type AnswerType, answerTypeOf } from '../../src/server/corpus/search/answer-type'
import { fold } from '../../src/server/corpus/search/normalize'
import { NUMBER_WORDS } from '../../src/server/research/stated-numbers'

/**
 * Does an answer's first paragraph state the number the question asks for ('cuántos días', 'cuánto me pagan', 'a
 * qué edad'), as an expected article states it? A pure scorer, shared by the answer-level evaluations: it reads
 * quantities — a number with its unit ('treinta días', '30 (treinta) días', '15%', 'dieciocho años de edad') — so
 * that an article's or a law's own number in the answer ('artículo 10', 'Decreto Legislativo 713', '[1]') never
 * counts. It is written apart from the answer's own sentence choice, so it cannot agree with it by construction.
 */

const UNITS: [RegExp, string][] = [
  [/^dias?$/, 'dia'],
  [/^mes(es)?$/, 'mes'],
  [/^anos?$/, 'ano'],
  [/^horas?$/, 'hora'],
  [/^semanas?$/, 'semana'],
  [/^minutos?$/, 'minuto'],
  [/^%$/, '%'],
  [/^uit$/, 'uit'],
  [/^(unidad|unidades)$/, 'uit'],
  [/^remuneracion(es)?$/, 'remuneracion'],
  [/^sueldos?$/, 'remuneracion'],
  [/^soles$/, 'sol'],
  [/^veces$/, 'vez'],
  [/^jornadas?$/, 'jornada'],
]

const ONES = NUMBER_WORDS

/** Words that may stand between a number and its unit: 'treinta (30) días calendario', 'doce ni mayor de veinte años'. */
const BETWEEN = new Set([
  'ni',
  'mayor',
  'menor',
  'de',
  'a',
  'y',
  'o',
  'mas',
  'hasta',
  'calendario',
  'naturales',
  'utiles',
  'habiles',
])
/** How far a number looks for its unit. */
const UNIT_WINDOW = 6

const tokenize = (text: string): string[] =>
  fold(text.replace(/%|\bpor ciento\b/gi, ' pct '))
    .replace(/(\d)\.(\d{3})\b/g, '$1$2')
    .split(/[^a-z0-9ñ]+/)
    .map((t) => (t === 'pct' ? '%' : t))
    .filter(Boolean)

const unitOf = (token: string) => UNITS.find(([re]) => re.test(token))?.[1] ?? null

/** 'treinta y cinco' → 35, 'doscientos sesenta' → 260, 'mil quinientos' → 1500: read from `i`, with the tokens used. */
function wordNumber(tokens: string[], i: number): { value: number; used: number } | null {
  let total = 0
  let current = 0
  let used = 0
  let any = false
  for (let j = i; j < tokens.length; j++) {
    const t = tokens[j]!
    if (t in ONES) {
      current += ONES[t]!
      any = true
      used = j - i + 1
    } else if (t === 'mil' && any) {
      total += (current || 1) * 1000
      current = 0
      used = j - i + 1
    } else if (t !== 'y' || !any || (ONES[tokens[j + 1] ?? ''] ?? 10) >= 10) break
  }
  return any ? { value: total + current, used } : null
}

export type Quantity = { value: number; unit: string }

/** The quantities a text states: each number (in digits or words) with the unit that follows it. */
export function quantities(text: string): Quantity[] {
  const tokens = tokenize(text)
  const out: Quantity[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    let value: number | null = null
    let used = 1
    if (/^\d+$/.test(t)) value = Number(t)
    else {
      const word = wordNumber(tokens, i)
      if (word) [value, used] = [word.value, word.used]
    }
    if (value === null) continue
    // 'quince (15) días' is one quantity.
    if (tokens[i + used] === String(value)) used++
    // The unit: the next unit word, past a repeated number ('treinta (30)') and the words between two bounds.
    for (let j = i + used; j < Math.min(tokens.length, i + used + UNIT_WINDOW); j++) {
      const u = tokens[j]!
      const unit = unitOf(u)
      if (unit) {
        out.push({ value, unit })
        break
      }
      if (!BETWEEN.has(u) && !/^\d+$/.test(u) && !(u in ONES)) break
    }
    i += used - 1
  }
  return out
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)

/** The answer's first paragraph: what a reader reads first (a heading line alone does not count as one). */
export function firstParagraph(answer: string): string {
  return paragraphs(answer).find((p) => !/^#{1,6}\s/.test(p)) ?? ''
}

/** The kind of number a question asks for: a term, an amount or an age; null when it asks for none. */
export function numberAsked(question: string): AnswerType | null {
  return answerTypeOf(fold(question))
}

/** Which units answer each kind: a term in days or years, an amount in money or salaries, an age in years. */
const UNITS_FOR: Record<AnswerType, Set<string>> = {
  plazo: new Set(['dia', 'mes', 'ano', 'hora', 'semana', 'minuto', 'jornada']),
  monto: new Set(['%', 'uit', 'remuneracion', 'sol', 'vez', 'dia', 'mes']),
  edad: new Set(['ano']),
}

const key = (q: Quantity) => `${q.value} ${q.unit}`

/** The quantities of the asked kind the expected articles state. */
export function expectedQuantities(question: string, expectedTexts: string[]): Set<string> {
  const type = numberAsked(question)
  if (!type) return new Set()
  return new Set(
    expectedTexts
      .flatMap(quantities)
      .filter((q) => UNITS_FOR[type].has(q.unit))
      .map(key),
  )
}

/** Whether a question can be scored: it asks for a number and an expected article states one of that kind. */
export function asksStatedNumber(question: string, expectedTexts: string[]): boolean {
  return expectedQuantities(question, expectedTexts).size > 0
}

/** The scorer: the answer's first paragraph states a quantity of the asked kind that an expected article states. */
export function statesNumber(answer: string, expectedTexts: string[], question: string): boolean {
  const wanted = expectedQuantities(question, expectedTexts)
  if (!wanted.size) return false
  return quantities(firstParagraph(answer)).some((q) => wanted.has(key(q)))
}
