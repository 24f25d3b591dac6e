import { fold } from './normalize'

/**
 * What kind of answer a question wants, when its words say so: a deadline ('cuántos días tengo', 'hasta cuándo
 * puedo reclamar'), an amount ('cuánto me tienen que pagar') or an age ('a qué edad'). Among the articles of one
 * section, the one that answers is the one that states it: the deadline for a hidden defect (CC art. 1514) stands
 * beside a dozen articles on the same defects that name no term. People's words for the kind ('cuándo', 'cuánto')
 * are stopwords or match nothing, so without this the ranking cannot tell those articles apart.
 */
export type AnswerType = 'plazo' | 'monto' | 'edad'

const ASKS: [AnswerType, RegExp][] = [
  [
    'edad',
    /\b(a (que|partir de que) edad|que edad|edad minima|cuantos anos (tengo que|debe|hay que|tiene que|necesita))\b/,
  ],
  [
    'plazo',
    /\b(cuant[oa]s? (dias|meses|anos|horas|semanas|tiempo)|hasta cuando|desde cuando|(en )?que plazo|plazos?|cuando (prescribe|vence|caduca)|prescrib\w*|caduc\w*|que tiempo|tiempo (tengo|tiene|hay))\b/,
  ],
  [
    'monto',
    /\b(cuanto (me |le |te |nos |les |se )?(tienen que |tiene que |deben |debe |van a |va a |pueden |puede |hay que )?(pagar|pagan|paga|cobrar|cobran|cobra|dar|dan|corresponde|descontar|descuentan)|cuanto (es|cuesta|sale|seria|recibo|gano)|monto|cuanta plata|que porcentaje|cuantos sueldos|de cuanto)\b/,
  ],
]

const NUMBER = String.raw`(\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|cuarenta|cuarenta y cinco|sesenta|noventa|cien|ciento)`

/** The same kinds in the law's text (folded): a term of days or years, an amount, an age. */
const STATES: Record<AnswerType, RegExp> = {
  plazo: new RegExp(
    String.raw`\b(plazo|prescrib\w*|prescripcion|caduc\w*)\b|\b${NUMBER}( \(\d+\))? (dias|meses|anos|horas|semanas)\b`,
  ),
  monto:
    /\d+ ?%|\bpor ciento\b|\buit\b|unidad(es)? impositiva|\bremuneracion(es)?( y media)? (ordinaria )?(mensual|diaria|basica|minima)|\bpor cada (ano|mes)\b|\bsueldos?\b|\bsoles\b|\bmonto\b|\bimporte\b/,
  edad: new RegExp(
    String.raw`\b${NUMBER}( \(\d+\))? anos de edad|\b(mayor|menor)(es)? de (\w+ )?(\(\d+\) )?(anos|edad)\b|\bedad minima\b`,
  ),
}

/** The kind of answer a folded question asks for, if its words say. */
export function answerTypeOf(foldedQuestion: string): AnswerType | null {
  for (const [type, re] of ASKS) if (re.test(foldedQuestion)) return type
  return null
}

/**
 * Words that say only which kind of answer is wanted ('edad', 'plazo', 'cuántos días'): in the span of the question
 * that asks for it, they name what the answering article states, not what the norm is about.
 */
const KIND_WORDS = new Set([
  'edad',
  'edades',
  'minima',
  'plazo',
  'plazos',
  'tiempo',
  'dias',
  'meses',
  'anos',
  'horas',
  'semanas',
  'monto',
  'porcentaje',
])

/**
 * The ideas of a question (its units, by index) made only of words that ask for the kind of answer (see KIND_WORDS):
 * 'edad' in 'desde qué edad se puede…', 'plazo' in 'qué plazo tengo para…'.
 */
export function askingUnits(foldedQuestion: string, units: readonly { user: string[] }[]): Set<number> {
  const asking = new Set<string>()
  const match = ASKS.map(([, re]) => re.exec(foldedQuestion)).find((m) => m !== null)
  for (const w of match?.[0].split(/\s+/) ?? []) if (KIND_WORDS.has(w)) asking.add(w)
  return new Set(units.flatMap((u, k) => (u.user.length && u.user.every((w) => asking.has(w)) ? [k] : [])))
}

/**
 * A question that asks how many of something ('cuántos trabajadores se necesitan', 'desde cuántas personas'): the
 * thing counted, folded, or null. Terms ('cuántos días') are deadlines, asked above.
 */
export function countAsked(foldedQuestion: string): string | null {
  const m = /\bcuant[oa]s ([a-zñ]{4,})\b/.exec(foldedQuestion)
  return m && !KIND_WORDS.has(m[1]!) ? m[1]! : null
}

/**
 * A question that asks which ones of something ('qué bienes se pueden dar en garantía', '¿cuáles son los requisitos
 * para…', 'qué derechos tengo como paciente'): the thing asked for, folded, or null. The article that answers names
 * it in its heading ('Bienes objeto de garantía mobiliaria', 'Derechos en el ámbito de los servicios…'), where its
 * neighbours on the same institution name the institution only. Only at the question's start or after a pause: a
 * 'que' inside the sentence is a conjunction ('me dijeron que…').
 */
export function focusAsked(foldedQuestion: string): string | null {
  const m = /(?:^|[¿?¡!,.;:]\s*)(?:que|cuales?(?: son)?(?: (?:los|las))?)\s+([a-zñ]{4,})\b/.exec(
    foldedQuestion,
  )
  return m && !KIND_WORDS.has(m[1]!) ? m[1]! : null
}

const COUNT_NUMBER = String.raw`(\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|veint\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cient[oa]s|mil)`

/**
 * Whether a passage's text states a number of the thing counted ('veinte (20) trabajadores', 'tres o más personas'):
 * the test for one question, made once for the passages it is asked of.
 */
export function statesCount(counted: string): (text: string) => boolean {
  const stem = counted.slice(0, Math.max(4, counted.length - 2))
  const states = new RegExp(String.raw`\b${COUNT_NUMBER}( \(\d+\))?( [a-z%]+){0,2} ${stem}`)
  return (text) => states.test(fold(text))
}

/** Does a passage's text (heading included) state an answer of that kind? */
export function statesAnswer(type: AnswerType, text: string): boolean {
  return STATES[type].test(fold(text))
}
