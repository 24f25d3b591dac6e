import type { SearchHit } from '../corpus/search/search'
import { type Ideas, ideasWeight } from './relevance'
import type { RulingHit } from './retrieve'

/**
 * The pieces of an answer composed without a language model, from the passages themselves: a lead saying what the
 * best article provides, the decisive articles quoted, related provisions and rulings. Every statement carries the
 * number of its source ([n]), numbered as the sources are returned: norms first, then rulings.
 */

/** At most this many articles are quoted in full; a far weaker hit is only listed. */
const MAX_QUOTED = 3
const DECISIVE_SHARE = 0.4
const QUOTE_MAX = 1200
const LEAD_MAX = 280
const SUMMARY_MAX = 420

const cite = (n: number) => `[${n}]`

/** Words in lower case, except those written in capitals (Roman numerals, 2-A): 'Artículo IV' → 'artículo IV'. */
function lowerLabel(label: string): string {
  return label.replace(/\S+/g, (w) => (/\p{Ll}/u.test(w) ? w.toLowerCase() : w))
}

const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** Spanish gender of a title's or label's first word, enough for 'la Constitución', 'el Código', 'la quinta…'. */
function feminine(phrase: string): boolean {
  const first = fold(phrase.trim().split(/\s+/)[0] ?? '')
  return first === 'ley' || /(a|ion)$/.test(first)
}

/** 'de la Constitución Política del Perú', 'del Código Penal Peruano'. */
export function ofTitle(title: string): string {
  return feminine(title) ? `de la ${title}` : `del ${title}`
}

/** 'el artículo 112 de la Constitución Política del Perú', 'la quinta disposición final… del Código Penal'. */
export function passageReference(hit: SearchHit): string {
  const label = lowerLabel(hit.label)
  return `${feminine(hit.label) ? 'la' : 'el'} ${label} ${ofTitle(hit.title)}`
}

/** How a source is named in headings and lists: the source item's title ('Constitución…, Artículo 112'). */
export function sourceName(hit: SearchHit): string {
  return hit.label ? `${hit.title}, ${hit.label}` : hit.title
}

const capitalize = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)
const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim()

const ABBREVIATIONS = new Set(['art', 'arts', 'inc', 'num', 'nro', 'dr', 'dra', 'sr', 'sra', 'lit', 'pag'])
/** A sentence shorter than this joins the next one ('Artículo 1.' is not a sentence of its own). */
const MIN_SENTENCE = 25

/** Cuts at a word boundary, with an ellipsis. */
function cutWords(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`
}

/** A paragraph's sentences; a full stop after an abbreviation or a list marker ('1.', 'a.') ends none. */
function splitSentences(paragraph: string): string[] {
  const out: string[] = []
  const ends = /[.!?](?=\s+[¿¡«"(A-ZÁÉÍÓÚÑ])/g
  let start = 0
  for (let m = ends.exec(paragraph); m; m = ends.exec(paragraph)) {
    const end = m.index + 1
    const before = fold(paragraph.slice(start, m.index).split(/[\s(]/).pop() ?? '')
    if (ABBREVIATIONS.has(before) || /^(\d{1,3}|[a-z]{1,2})$/.test(before)) continue
    if (end - start < MIN_SENTENCE) continue
    out.push(paragraph.slice(start, end).trim())
    start = end
  }
  const rest = paragraph.slice(start).trim()
  if (rest) out.push(rest)
  return out
}

/** The text's sentences, paragraph by paragraph, each on one line. */
export function sentences(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map(oneLine)
    .filter(Boolean)
    .flatMap(splitSentences)
}

/**
 * The sentence of a text that says most of what the question asks (by its ideas' weight; the first on a tie or
 * without a question), introduced by the text's opening when that opening announces a list ('Toda persona tiene
 * derecho:'). A sentence from the middle is marked '[…]' so the quote never pretends to be the whole.
 */
export function keySentence(text: string, ideas?: Ideas, max = LEAD_MAX, heading = ''): string {
  const all = sentences(text)
  if (!all.length) return ''
  let best = 0
  if (ideas) {
    // Read with the heading: 'Duración del mandato presidencial' says what its first sentence is about.
    let bestWeight = ideasWeight(`${heading} ${all[0]}`, ideas)
    all.forEach((sentence, i) => {
      const weight = ideasWeight(`${heading} ${sentence}`, ideas)
      if (weight > bestWeight) [best, bestWeight] = [i, weight]
    })
  }
  const intro = all[0]!
  const opens = intro.endsWith(':') && intro.length <= 160
  if (best === 0) return cutWords(opens && all[1] ? `${intro} ${all[1]}` : intro, max)
  const chosen = cutWords(all[best]!, max)
  if (!opens) return `[…] ${chosen}`
  return best === 1 ? `${intro} ${chosen}` : `${intro} […] ${chosen}`
}

/** Whole paragraphs up to `max` characters; a cut is marked '[…]'. */
export function excerpt(text: string, max = QUOTE_MAX): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map(oneLine)
    .filter(Boolean)
  const out: string[] = []
  let used = 0
  for (const p of paragraphs) {
    if (used + p.length <= max) {
      out.push(p)
      used += p.length
      continue
    }
    if (!out.length) out.push(cutWords(p, max))
    out.push('[…]')
    break
  }
  return out
}

/** Markdown that must not be read as markup when quoted: a leading '#', '>' or list marker of the law's own text. */
function quoteLine(paragraph: string): string {
  return `> ${paragraph.replace(/^([#>+-])/, '\\$1')}`
}

export function blockquote(paragraphs: string[]): string {
  return paragraphs.map(quoteLine).join('\n>\n')
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]

/** '2026-07-08' → '8 de julio de 2026'; anything else as it is. */
export function spanishDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return date
  return `${Number(m[3])} de ${MONTHS[Number(m[2]) - 1]} de ${m[1]}`
}

/** The norms quoted in full (at most three, none far below the best), and the rest, only listed. */
export function splitDecisive(norms: SearchHit[]): { quoted: SearchHit[]; listed: SearchHit[] } {
  const best = Math.max(0, ...norms.filter((h) => h.match === 'text').map((h) => h.score))
  const quoted: SearchHit[] = []
  const listed: SearchHit[] = []
  for (const hit of norms) {
    const decisive = hit.match === 'reference' || hit.score >= best * DECISIVE_SHARE
    if (decisive && quoted.length < MAX_QUOTED && (quoted.length === 0 || listed.length === 0))
      quoted.push(hit)
    else listed.push(hit)
  }
  return { quoted, listed }
}

/** 'a', 'a y b', 'a, b y c'. */
function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`
}

/** The lead: what the best article provides, in its own first sentence, and which others apply. */
export function leadFromNorms(quoted: SearchHit[], ideas?: Ideas): string {
  const [top, ...rest] = quoted
  if (!top) return ''
  const heading = top.heading ? ` («${top.heading}»)` : ''
  let lead = `**En resumen:** ${capitalize(passageReference(top))}${heading} dispone: «${keySentence(top.content, ideas, LEAD_MAX, top.heading ?? '')}» ${cite(1)}`
  if (rest.length) {
    const others = rest.map((h, i) => `${passageReference(h)} ${cite(i + 2)}`)
    lead += `. También ${rest.length > 1 ? 'son pertinentes' : 'es pertinente'} ${joinList(others)}.`
  }
  return lead
}

/** One quoted article: its reference as a heading line, then its text. */
export function quotedNorm(hit: SearchHit, n: number): string {
  const heading = hit.heading && !hit.label.includes(hit.heading) ? `. ${hit.heading}` : ''
  return `**${sourceName(hit)}${heading}** ${cite(n)}\n\n${blockquote(excerpt(hit.content))}`
}

/** A provision only listed: reference, heading and first sentence. */
export function listedNorm(hit: SearchHit, n: number, ideas?: Ideas): string {
  const heading = hit.heading ? ` (${hit.heading})` : ''
  return `- **${sourceName(hit)}**${heading}: «${keySentence(hit.content, ideas, 200, hit.heading ?? '')}» ${cite(n)}`
}

/** A related ruling: case, chamber, date and the court's sumilla (or the passage found, when it wrote none). */
export function rulingItem(ruling: RulingHit, n: number, ideas?: Ideas): string {
  const facts = [ruling.chamber, ruling.date ? spanishDate(ruling.date) : null].filter(Boolean).join(', ')
  const said = ruling.summary
    ? `sumilla: «${cutWords(oneLine(ruling.summary), SUMMARY_MAX)}»`
    : `${lowerLabel(ruling.hit.label.split(' — ')[0] ?? ruling.hit.label)}: «${keySentence(ruling.hit.content, ideas, 300)}»`
  return `- **${ruling.hit.title}**${facts ? ` (${facts})` : ''} ${cite(n)}, ${said}`
}

/** The lead when no norm answers but rulings do. */
export function leadFromRulings(rulings: RulingHit[]): string {
  const [top] = rulings
  if (!top) return ''
  const what = top.summary
    ? `, cuya sumilla dice: «${keySentence(top.summary)}»`
    : ', que trata el tema de tu consulta'
  return `**En resumen:** no encontré un artículo que responda directamente, pero hay jurisprudencia relacionada, como ${feminine(top.hit.title) ? 'la' : 'el'} ${top.hit.title} ${cite(1)}${what}`
}
