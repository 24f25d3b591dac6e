/**
 * Number words of Peruvian norms: the Spanish ordinals that number dispositions and some articles ('Primera',
 * 'Décimo Tercera', 'Única') as a regex source, a slug and a numeric value, and the value of the Roman
 * numerals of Títulos Preliminares. Shared by the structure headings and the article and disposition heads.
 */
import { stripAccents } from './lines'

const ORD_UNITS =
  'primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|s[ée]ptim[oa]|s[ée]tim[oa]|octav[oa]|noven[oa]'
const ORD_TENS =
  'd[ée]cim[oa]|vig[ée]sim[oa]|trig[ée]sim[oa]|cuadrag[ée]sim[oa]|quincuag[ée]sim[oa]|sexag[ée]sim[oa]|septuag[ée]sim[oa]|octog[ée]sim[oa]|nonag[ée]sim[oa]|cent[ée]sim[oa]'
export const ORD = `(?:(?:${ORD_TENS})[\\s-]?(?:${ORD_UNITS})|und[ée]cim[oa]|duod[ée]cim[oa]|${ORD_TENS}|${ORD_UNITS}|[úu]nic[oa])`

const UNIT_VALUES: [RegExp, number][] = [
  [/^primer/, 1],
  [/^segund/, 2],
  [/^tercer/, 3],
  [/^cuart/, 4],
  [/^quint/, 5],
  [/^sext/, 6],
  [/^se(?:p)?tim/, 7],
  [/^octav/, 8],
  [/^noven/, 9],
]
const TEN_VALUES: [RegExp, number][] = [
  [/^undecim/, 11],
  [/^duodecim/, 12],
  [/^decim/, 10],
  [/^vigesim/, 20],
  [/^trigesim/, 30],
  [/^cuadragesim/, 40],
  [/^quincuagesim/, 50],
  [/^sexagesim/, 60],
  [/^septuagesim/, 70],
  [/^octogesim/, 80],
  [/^nonagesim/, 90],
  [/^centesim/, 100],
]

/** 'Décimo Tercera' → 'decimotercera'; 'Única' → 'unica'. */
export function ordinalSlug(word: string): string {
  const s = stripAccents(word.toLowerCase()).replace(/[\s-]+/g, '')
  return s.replace(
    /^(decim|vigesim|trigesim|cuadragesim|quincuagesim|sexagesim|septuagesim|octogesim|nonagesim|centesim)a(?=[a-z])/,
    '$1o',
  )
}

export function ordinalValue(slug: string): number | null {
  if (slug.startsWith('unic')) return 1
  let rest = slug
  let value = 0
  for (const [re, n] of TEN_VALUES) {
    const m = re.exec(rest)
    if (m) {
      value = n
      rest = rest.slice(m[0].length + 1)
      break
    }
  }
  if (!rest) return value || null
  for (const [re, n] of UNIT_VALUES) if (re.test(rest)) return value + n
  return value || null
}

export function romanValue(s: string): number | null {
  const map: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 }
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const v = map[s[i]!] ?? 0
    const next = map[s[i + 1] ?? ''] ?? 0
    total += v < next ? -v : v
  }
  return total > 0 && total < 400 ? total : null
}
