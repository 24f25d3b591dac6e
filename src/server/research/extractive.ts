import { REPEALED } from '../../shared/norm-status'
import { amendingName } from '../corpus/search/amendments'
import type { SearchHit } from '../corpus/search/search'
import { type AnswerKind, statesKind } from './answer-kind'
import { type Ideas, ideasHeld, ideasWeight } from './relevance'
import type { RulingHit } from './retrieve'

/**
 * The pieces of an answer composed without a language model, from the passages themselves: first the direct answer
 * (the best article's sentences that say what was asked), then the decisive articles trimmed to the sentences on
 * the question (the whole text is in the sources drawer), related provisions and rulings. Every statement carries the
 * number of its source ([n]), numbered as the sources are returned: norms first, then rulings.
 */

/** At most this many articles are quoted (their sentences on the question); a far weaker hit is only listed. */
const MAX_QUOTED = 3
const DECISIVE_SHARE = 0.4
const QUOTE_MAX = 1200
const LEAD_MAX = 480
const KEY_MAX = 280
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

/** A norm's title as an answer names it: a repealed one says so (repeals.ts), lest it be read as the law in force. */
function titleOf(hit: SearchHit): string {
  return hit.status === REPEALED ? `${hit.title} (norma derogada)` : hit.title
}

/**
 * What a person must know of an article whose folder text differs from what a later norm rewrote it to
 * (search/amendments.ts): they may be reading the text from before, and which norm to read. Empty for the others.
 */
export function amendedNotice(hit: SearchHit): string {
  const rewritten = hit.amendedBy.filter((a) => a.differs)
  if (!rewritten.length) return ''
  const by = rewritten.map(
    (a) => `${feminine(a.article) ? 'la' : 'el'} ${lowerLabel(a.article)} ${ofTitle(amendingName(a))}`,
  )
  const list = by.length > 1 ? `${by.slice(0, -1).join(', ')} y ${by.at(-1)}` : by[0]
  return `Ojo: este artículo fue modificado por ${list}; el texto citado puede no ser el vigente.`
}

/** 'el artículo 112 de la Constitución Política del Perú', 'la quinta disposición final… del Código Penal'. */
export function passageReference(hit: SearchHit): string {
  const label = lowerLabel(hit.label)
  return `${feminine(hit.label) ? 'la' : 'el'} ${label} ${ofTitle(titleOf(hit))}`
}

/** How a source is named in headings and lists: the source item's title ('Constitución…, Artículo 112'). */
export function sourceName(hit: SearchHit): string {
  return hit.label ? `${titleOf(hit)}, ${hit.label}` : titleOf(hit)
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
    const head = paragraph.slice(start, m.index)
    const before = fold(head.split(/[\s(]/).pop() ?? '')
    if (ABBREVIATIONS.has(before)) continue
    // A list marker ('derecho: 1. A la vida'), not a number that ends a sentence ('el artículo 255, inciso 3.').
    const marker = /^(\d{1,3}|[a-z]{1,2})$/.test(before)
    const prefix = head.slice(0, head.length - before.length).replace(/[\s(]+$/, '')
    if (marker && (prefix === '' || /[:;]$/.test(prefix))) continue
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
export function keySentence(text: string, ideas?: Ideas, max = KEY_MAX, heading = ''): string {
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

/** Words a sentence of the law may open with and still read on after 'Según el artículo N, …' in lower case. */
const OPENERS = new Set(
  `el la los las lo un una unos unas todo toda todos todas ningun ninguna nadie cuando si en para por de del a al con
  sin se no es son esta estan dicho dicha dichos dichas este estos estas quien quienes cualquier cada solo tampoco
  asimismo excepcionalmente tratandose durante dentro desde hasta ante contra entre mediante le les corresponde
  procede constituye puede pueden podra podran debe deben las`.split(/\s+/),
)

/** A sentence that goes on from the one before: its condition, its exception ('Dicho derecho…', 'Salvo…'). */
const CONTINUES =
  /^(dicho|dicha|dichos|dichas|por excepcion|excepcionalmente|salvo|sin embargo|no obstante|en tal caso|en este caso|en caso contrario|en dicho caso|este derecho|esta obligacion|este plazo|dicho plazo)\b/

const REFERS_BACK =
  /^(dicho|dicha|dichos|dichas|asimismo)\b|\b(esa|ese|esos|esas|dicho|dicha|dichos|dichas|tales) (\w+)/

const opensList = (sentence: string) => sentence.endsWith(':') && sentence.length <= 200
const LIST_ITEM = /^(\d{1,3}|[a-zñ]{1,2})[.)]-?\s/i

/** `doorway`: the sentence that opens an amendment's new text, which says where the text goes, not what it rules. */
type Weighed = { text: string; weight: number; states: boolean; doorway?: true }

/**
 * 'Se modifica el artículo 10 de la Ley 26790…, en los siguientes términos:', 'Modifícase…, conforme al texto
 * siguiente:': the question's words are in it (the law's name), the answer is in the text it introduces.
 */
const DOORWAY = /^\W*(?:se\s+)?(?:modif[ií]c|modif[ií]qu|sustit[uú]y|incorp[oó]r)[\s\S]*:\s*$/i

function weighSentences(text: string, ideas?: Ideas, kind?: AnswerKind | null, heading = ''): Weighed[] {
  const all = sentences(text)
  return all.map((sentence, i) => {
    if (DOORWAY.test(sentence) && all.length > 1)
      return { text: sentence, weight: 0, states: false, doorway: true }
    // Read with the heading ('Duración del mandato presidencial' says what its sentences are about), and a sentence
    // that points back with the one it points to ('dicha facultad… prescribirá a los cuatro años').
    const before = i > 0 && REFERS_BACK.test(fold(sentence)) && !LIST_ITEM.test(sentence) ? all[i - 1] : ''
    return {
      text: sentence,
      weight: ideas ? ideasWeight(`${heading} ${before} ${sentence}`, ideas) : 0,
      states: !!kind && statesKind(kind, sentence),
    }
  })
}

/**
 * Which sentence answers: for a number or a penalty, the one that states it among those about the question; then
 * the one holding most of the question's ideas; on a tie, the first. (A yes or no's condition is added after it:
 * answeringSentences.)
 */
function answeringIndex(all: Weighed[], kind?: AnswerKind | null): number {
  const numeric = !!kind && kind !== 'si_no'
  const rank = (w: Weighed) => [
    w.doorway ? 0 : 1,
    numeric && w.states && w.weight > 0 ? 1 : 0,
    w.weight,
    numeric && w.states ? 1 : 0,
  ]
  let best = 0
  all.forEach((w, i) => {
    const [a, b] = [rank(w), rank(all[best]!)]
    for (let k = 0; k < a.length; k++) {
      if (a[k]! === b[k]!) continue
      if (a[k]! > b[k]!) best = i
      return
    }
  })
  return best
}

/**
 * The sentences of an article that answer the question, in the article's order: the answering one, introduced by
 * the opening that announces its list ('Las edades mínimas… son las siguientes:') or by the sentence it points back
 * to, followed by the items of its own list that hold the question's ideas and by a sentence that states its
 * condition ('Dicho derecho está condicionado…', 'Por excepción…'). Sentences left out between them are marked
 * '[…]'. Within `max` characters: the context goes first (the sentence pointed back to, then the condition, then the
 * list's opening), the answering sentence last. `whole` says whether it reads as prose (no cut, no list);
 * `midway`, whether it starts after the article's first sentence.
 */
export function answeringSentences(
  text: string,
  ideas?: Ideas,
  kind?: AnswerKind | null,
  heading = '',
  max = LEAD_MAX,
): { parts: string[]; whole: boolean; midway: boolean } {
  const all = weighSentences(text, ideas, kind, heading)
  if (!all.length) return { parts: [], whole: true, midway: false }
  const best = answeringIndex(all, kind)
  const chosen = all[best]!.text
  /** Sentence index → how late it is dropped to fit (0: never). */
  const picked = new Map<number, number>([[best, 0]])
  // A sentence that points back ('Es facultativo después de esa edad.') is read with the one it points to.
  const pointsBack = best > 0 && REFERS_BACK.test(fold(chosen)) && !LIST_ITEM.test(chosen)
  if (pointsBack && !opensList(all[best - 1]!.text)) picked.set(best - 1, 1)
  // (Not an amendment's doorway: the text it introduces is the answer, the doorway only says where it goes.)
  if (best > 0 && opensList(all[0]!.text) && !all[0]!.doorway) picked.set(0, 3)
  let next = best + 1
  let listCut = false
  if (opensList(chosen)) {
    // Its items that hold what the question asks ('3. A mano armada.'), at most two; the rest are left out.
    let items = 0
    while (next < all.length && LIST_ITEM.test(all[next]!.text)) {
      if (items < 2 && ideas && ideasWeight(all[next]!.text, ideas) > 0) {
        picked.set(next, 0)
        items++
      } else listCut = true
      next++
    }
  }
  // Then the sentence that goes on from it ('Dicho derecho…'), or for a yes or no, the nearest that states its
  // condition ('…siempre que el empleador hubiere sido notificado…').
  for (const j of [next, next + 1]) {
    const after = all[j]
    if (!after || opensList(after.text)) continue
    if ((j === next && CONTINUES.test(fold(after.text))) || (kind === 'si_no' && after.states)) {
      picked.set(j, 2)
      break
    }
  }
  const render = () => {
    const parts: string[] = []
    let last = -1
    for (const i of [...picked.keys()].sort((a, b) => a - b)) {
      if (last >= 0 && i > last + 1) parts.push('[…]')
      parts.push(all[i]!.text)
      last = i
    }
    if (listCut && last < next - 1) parts.push('[…]')
    return parts
  }
  let parts = render()
  while (parts.join(' ').length > max) {
    const droppable = [...picked].filter(([, order]) => order > 0).sort((a, b) => a[1] - b[1])[0]
    if (!droppable) break
    picked.delete(droppable[0])
    parts = render()
  }
  const indices = [...picked.keys()]
  const whole =
    !parts.includes('[…]') && !indices.some((i) => LIST_ITEM.test(all[i]!.text) || opensList(all[i]!.text))
  return { parts, whole, midway: Math.min(...indices) > 0 }
}

const PENALTY_FOR_CASES = /\b(si|cuando)\b[^:]*\b(comete|cometido|cometida|realiza|realizado)\s*:$/

/** 'El trabajador tiene…' → 'el trabajador tiene…', when the first word is one that is not a name. */
function lowerOpening(sentence: string): string | null {
  const first = sentence.split(/\s/, 1)[0] ?? ''
  if (!/^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]*$/.test(first) || !OPENERS.has(fold(first))) return null
  return sentence.charAt(0).toLowerCase() + sentence.slice(1)
}

/**
 * The answer's first paragraph: what the best article says on the question — the term, the amount, the age, the
 * penalty, the permission with its condition — in its own words, naming it. Read as prose when the sentence allows
 * ('Según el artículo 10 de la Ley…, el trabajador tiene derecho a treinta días…'), quoted otherwise.
 */
export function directAnswer(hit: SearchHit, n: number, ideas?: Ideas, kind?: AnswerKind | null): string {
  const { parts, whole, midway } = answeringSentences(hit.content, ideas, kind, hit.heading ?? '')
  const text = cutWords(parts.join(' '), LEAD_MAX)
  const reference = passageReference(hit)
  // As prose, 'Según…' already says whose words they are; a quote from the middle says it is not the whole.
  const prose = whole && !text.endsWith('…') ? lowerOpening(text) : null
  if (prose) return `Según ${reference}, ${prose.replace(/[.;:]$/, '')} ${cite(n)}.`
  const heading = hit.heading ? ` («${hit.heading}»)` : ''
  // A penalty for the cases an article lists, none of which the question names: said as prose, the cases left to
  // the article ('la pena será… si el robo se comete en alguno de los casos que el artículo enumera').
  const [only, cut] = parts
  const cases = kind === 'pena' && parts.length === 2 && cut === '[…]' && PENALTY_FOR_CASES.test(only!)
  const opening = cases && !midway ? lowerOpening(only!) : null
  if (opening)
    return `Según ${reference}${heading}, ${opening.slice(0, -1)} en alguno de los casos que el artículo enumera ${cite(n)}.`
  return `${capitalize(reference)}${heading} dispone: «${midway ? '[…] ' : ''}${text}» ${cite(n)}`
}

/**
 * The norm that leads the answer, moved first; the others keep the ranking's order. The ranking's best leads unless
 * another decisive hit, close to it, is the question's own case: the best one's heading holds some of the question's
 * ideas, and the other's holds all of those and more ('Robo agravado' over 'Hurto agravado' for a question on robo agravado), or, for a question asking for a
 * number or a penalty, it states one in a sentence that holds far more of the question than any of the best one's.
 */
/** A neighbour leads on the number it states only when its sentence holds this much more of the question. */
const SQUARELY = 1.5
/**
 * A more specific heading leads only from this close to the best one's score. 0.5 → 0.7 on the tune parts (decision
 * 0019, 2026-11-27): tune-wide first citations .485 → .497, tune unchanged; a heading holding one more of the
 * question's words is weak evidence against a ranking that put its article well below the best.
 */
const CLOSE_SCORE = 0.7

export function leaderFirst(norms: SearchHit[], ideas: Ideas, kind: AnswerKind | null): SearchHit[] {
  const { quoted } = splitDecisive(norms)
  const [top] = quoted
  if (!top || top.match === 'reference' || quoted.length < 2) return norms
  // The case the question names is in the person's own words ('robo agravado'), not in words the thesaurus added.
  const own: Ideas = { ...ideas, forms: ideas.units.map((u) => u.user) }
  const headingIdeas = (h: SearchHit) =>
    ideasHeld({ ...h, title: '', label: '', path: '', content: h.heading ?? '' }, own)
  const weightOf = (held: Set<number>) => [...held].reduce((sum, i) => sum + ideas.weights[i]!, 0)
  const topHeld = headingIdeas(top)
  let leader = top
  let leaderWeight = weightOf(topHeld)
  // Only when the best one's heading names part of the question: a heading is a case of it, not a bare topic.
  for (const hit of topHeld.size ? quoted.slice(1) : []) {
    const held = headingIdeas(hit)
    const weight = weightOf(held)
    const close = hit.score >= top.score * CLOSE_SCORE
    if (close && weight > leaderWeight && [...topHeld].every((i) => held.has(i)))
      [leader, leaderWeight] = [hit, weight]
  }
  if (leader === top && kind && kind !== 'si_no') {
    // How squarely an article states the number: the question's ideas held by its sentence that states one.
    const answers = (h: SearchHit) =>
      Math.max(
        0,
        ...weighSentences(h.content, ideas, kind, h.heading ?? '')
          .filter((w) => w.states)
          .map((w) => w.weight),
      )
    let best = answers(top) * SQUARELY
    for (const hit of quoted.slice(1)) {
      const weight = answers(hit)
      if (weight > best) [leader, best] = [hit, weight]
    }
  }
  return leader === top ? norms : [leader, ...norms.filter((h) => h !== leader)]
}

/** One article of the answer: its reference as a heading line, then the sentences that concern the question. */
export function trimmedNorm(hit: SearchHit, n: number, ideas?: Ideas, kind?: AnswerKind | null): string {
  const heading = hit.heading && !hit.label.includes(hit.heading) ? `. ${hit.heading}` : ''
  const all = weighSentences(hit.content, ideas, kind, '')
  // The sentences holding the question's ideas, in order (the answering one at least), a cut marked '[…]'.
  const keep = new Set<number>([
    answeringIndex(weighSentences(hit.content, ideas, kind, hit.heading ?? ''), kind),
  ])
  all.forEach((w, i) => {
    if (w.weight > 0) keep.add(i)
  })
  const lines: string[] = []
  let used = 0
  let last = -1
  for (let i = 0; i < all.length; i++) {
    const keepIt = keep.has(i) || (opensList(all[i]!.text) && keep.has(i + 1))
    if (!keepIt) continue
    const t = all[i]!.text
    if (used + t.length > QUOTE_MAX && lines.length) break
    if (i > last + 1) lines.push('[…]')
    lines.push(cutWords(t, QUOTE_MAX))
    used += t.length
    last = i
  }
  if (last < all.length - 1) lines.push('[…]')
  // Under the quote, where it is read: the quoted text may be the one from before.
  const notice = amendedNotice(hit)
  return `**${sourceName(hit)}${heading}** ${cite(n)}\n\n${blockquote(lines)}${notice ? `\n\n_${notice}_` : ''}`
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
  return `No encontré un artículo que responda directamente, pero hay jurisprudencia relacionada, como ${feminine(top.hit.title) ? 'la' : 'el'} ${top.hit.title} ${cite(1)}${what}`
}
