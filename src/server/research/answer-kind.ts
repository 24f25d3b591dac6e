import { type AnswerType, answerTypeOf, statesAnswer } from '../corpus/search/answer-type'
import { fold } from '../corpus/search/normalize'

/**
 * What a question wants said first, so the answer can open with the sentence that says it: a number (a term, an
 * amount, an age: answer-type.ts, which the ranking uses too), a penalty, or a yes or no with its condition. The
 * ranking finds the article; this picks, within it, the sentence a person asking 'cuánto', 'qué pena' or '¿puedo?'
 * is looking for.
 */
export type AnswerKind = AnswerType | 'pena' | 'si_no'

const ASKS_PENALTY =
  /\b(que pena|cuanta pena|pena (por|del|para|tiene|le|me|te)|penas (por|de|para)|(cuantos )?anos (de carcel|de prision|le dan|me dan|te dan|dan)|(a )?cuanto (lo|la|los|las|le|les|me|te) condenan|que castigo|sancion(es)? (por|para|tiene))\b/
/** A question one answers with yes or no: '¿puedo…?', '¿me pueden…?', '¿es obligatorio…?', '¿tengo derecho…?'. */
const ASKS_YES_NO =
  /^(y )?(puedo|puede|pueden|podria|podrian|me pueden|le pueden|te pueden|nos pueden|se puede|es (legal|ilegal|obligatori\w*|valid\w*|delito|cierto|posible)|esta (permitid\w*|prohibid\w*)|tengo (derecho|que)|tiene (derecho|que)|debo|debe|deben|hay que|procede|existe|estoy obligad\w*|es necesari\w*)\b/

export function answerKindOf(question: string): AnswerKind | null {
  const q = fold(question)
  if (ASKS_PENALTY.test(q)) return 'pena'
  const type = answerTypeOf(q)
  if (type) return type
  return ASKS_YES_NO.test(q) ? 'si_no' : null
}

const NUMBER = String.raw`\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|veint\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cient[oa]s|mil`
const UNIT = 'dias|meses|anos|horas|semanas|minutos|remuneracion(es)?|sueldos?|uit|unidades|soles'
/**
 * A quantity: a number with its unit ('treinta días', 'cuatro (4) años', 'una remuneración', '60%'). A bare number
 * is not one: a section's own number ('252.1') or a law's ('Ley 27444') answers nothing.
 */
const QUANTITY = new RegExp(
  String.raw`\b(${NUMBER})( \(\d+\))?( \(?[a-z]+\)?)? (${UNIT})\b|\b(un|una) (remuneracion|sueldo|uit|unidad)|\d+ ?%|\bpor ciento\b`,
)
const plain = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

const STATES_PENALTY =
  /\b(pena privativa|pena (sera|es) (no menor|de)|no menor de \w+ ni mayor|cadena perpetua|dias[- ]multa|inhabilitacion|prestacion de servicios a la comunidad|reprimido con)\b/
/** The law's words for the condition a yes or no rests on: 'siempre que', 'salvo que', 'sólo si'. */
const STATES_CONDITION =
  /\b(siempre que|siempre y cuando|salvo (que|cuando|si)|excepto (que|cuando|si)|solo (si|cuando|procede)|unicamente (si|cuando)|a condicion de|condicionad[oa]s?|no (procede|es aplicable) (si|cuando))\b/

/** Does a sentence state an answer of that kind: the term with its number, the penalty, a yes or no's condition? */
export function statesKind(kind: AnswerKind, sentence: string): boolean {
  const folded = fold(sentence)
  if (kind === 'pena') return STATES_PENALTY.test(folded)
  if (kind === 'si_no') return STATES_CONDITION.test(folded)
  return statesAnswer(kind, sentence) && QUANTITY.test(plain(sentence))
}
