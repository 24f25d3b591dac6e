/**
 * The numbers a text states — in digits ('30', '1.500', 'S/ 2,500.50', '10 %') or in Spanish words ('treinta',
 * 'ciento ochenta', 'dos mil') — as values, so that '5 años' in a model's answer matches 'cinco años' in the law.
 * A model's answer may state only numbers its sources hold: a deadline, an amount, an age or a year it did not read
 * there is the costliest mistake a legal answer can make (docs/decisions/0017).
 */

/** Spanish number words and their values (the answer-level evaluation reads quantities with the same table). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  cero: 0,
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiun: 21,
  veintiuno: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
}
const MULTIPLIERS: Record<string, number> = { mil: 1000, millon: 1_000_000, millones: 1_000_000 }

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The values of the runs of number words in a text ('treinta y un días' → 31; a lone 'un'/'una' is an article). */
function wordNumbers(text: string): number[] {
  const out: number[] = []
  let total = 0
  let current = 0
  let words = 0
  let last = 0
  const flush = () => {
    const value = total + current
    // 'un plazo', 'una persona': a lone one is an article, not a number anyone states.
    if (words > 1 || (words === 1 && value !== 1)) out.push(value)
    total = current = words = last = 0
  }
  const tokens = fold(text).match(/\p{L}+|\S/gu) ?? []
  for (const [i, token] of tokens.entries()) {
    const multiplier = MULTIPLIERS[token]
    const value = NUMBER_WORDS[token]
    if (multiplier !== undefined && (words > 0 || token === 'mil')) {
      total += (current || 1) * multiplier
      current = 0
      words++
      last = multiplier
    } else if (value !== undefined) {
      // 'cinco seis' are two numbers; 'ciento ochenta', 'treinta y uno', 'dos mil quince' are one.
      if (words > 0 && !(last >= 100 || (last >= 30 && last % 10 === 0 && tokens[i - 1] === 'y'))) flush()
      current += value
      words++
      last = value
    } else if (token === 'y' && words > 0 && last >= 30 && last < 100 && last % 10 === 0) {
      // 'treinta y …' goes on; a 'y' after anything else ends the number.
    } else if (words > 0) flush()
  }
  if (words > 0) flush()
  return out
}

/** The values of the numbers written in digits: '1.500' and '1,500' are thousands; '0,5' and '2.5' decimals. */
function digitNumbers(text: string): number[] {
  const out: number[] = []
  for (const m of text.matchAll(/\d{1,3}(?:[.,\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g)) {
    const token = m[0]
    const grouped = /^\d{1,3}(?:([.,\u00a0\u202f])\d{3})+(?:([.,])\d+)?$/.exec(token)
    if (grouped && grouped[1] !== grouped[2]) {
      const [whole, decimals] = grouped[2]
        ? [token.slice(0, token.lastIndexOf(grouped[2])), token.slice(token.lastIndexOf(grouped[2]) + 1)]
        : [token, '']
      out.push(Number(`${whole.replace(/\D/g, '')}${decimals ? `.${decimals}` : ''}`))
    } else out.push(Number(token.replace(',', '.')))
  }
  return out
}

/** Every number a text states, as values. Markdown list markers ('1. ', '2) ') are numbering, not numbers. */
export function statedNumbers(text: string): Set<number> {
  const prose = text.replace(/^\s*\d{1,3}[.)]\s/gm, ' ')
  return new Set([...digitNumbers(prose), ...wordNumbers(prose)].filter((n) => Number.isFinite(n)))
}

/**
 * The numbers `text` states that `sources` do not (those in digits first). One is never reported: every Spanish
 * text holds it ('un año', 'una vez'), and '1 año' says nothing 'un año' does not.
 */
export function numbersNotIn(text: string, sources: string): number[] {
  const known = statedNumbers(sources).add(1)
  return [...statedNumbers(text)].filter((n) => !known.has(n))
}
