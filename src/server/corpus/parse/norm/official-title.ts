/**
 * The title a norm gives itself. About a thousand files of the folder are titled in their front matter by kind and
 * number alone ('Ley N.° 32292', 'Decreto Legislativo N.° 1665'): what the norm is about then shows nowhere a
 * person or search reads a title. Their opening lines hold it, in the gazette's capitals, after the number and the
 * promulgation formula ('LEY QUE MODIFICA LA LEY 31297, LEY DEL SERVICIO DE SERENAZGO MUNICIPAL, …'). Found, it is
 * joined to the number as norms cite one another ('Ley N.° 27444, Ley del Procedimiento Administrativo General').
 */
import { stripAccents } from './lines'

/** A front-matter title that is only a kind of norm and its number. */
const NUMBER_ONLY = /^((?:\p{L}+ ){0,3}\p{L}+) N\.?\s?[°º]\s?([\d-]+[A-Z-]*)$/u
/** After the kind, the word that opens a title ('que', 'de', 'general'…), never the number ('N°', '29783'). */
const OPENS_TITLE = /^(que|de|del|para|general|organica|marco|sobre|por|con|en)\b/
/**
 * Lines that end the title: the first article's head ('Artículo 1.- Objeto', not 'ARTÍCULOS 3, 4 Y 5 DEL…' of a
 * title that names them), the promulgation formula, a signature, a date, the first section's head.
 */
const ENDS_TITLE =
  /^(articulo (\d+[°º]?\s*(\.|-(\s|$))|unico|primero)|art\. ?\d|por cuanto|por tanto|el presidente|la presidenta|el congreso|considerando|que,|lima,|dado en|(capitulo|titulo) ([ivxl]+|\d+|unico|preliminar)\b|disposiciones? (complementaria|transitoria|final|derogatoria)|\d+\s*$)/
/** How far into the body the title is looked for: past the gazette's index of other norms, not into the articles. */
const LOOK = 200
/** A title longer than this was joined to what follows it. */
const MAX = 400

/** A line's start, folded: all that the tests below read of it. */
const folded = (t: string) => stripAccents(t.slice(0, 60).toLowerCase())

/**
 * `frontTitle` as it is when it names more than the kind and number, or when the body gives no title of that kind;
 * else 'Kind N.° N, Title as the norm writes it', in sentence case when the gazette wrote it in capitals.
 */
export function officialTitle(frontTitle: string, bodyLines: readonly string[]): string {
  const [, kind, number] = NUMBER_ONLY.exec(frontTitle) ?? []
  if (!kind || !number) return frontTitle
  const prefix = `${folded(kind)} `
  const lines = bodyLines.slice(0, LOOK)
  // A gazette page may hold other norms before this one ('LEY N° 32144', its title, its articles): the title follows
  // the last heading that gives this norm's number (the Markdown heading repeats the front matter's first).
  let own = -1
  lines.forEach((l, i) => {
    if (l.length < 40 && folded(l).startsWith(prefix) && l.includes(number)) own = i
  })
  for (let i = Math.max(0, own); i < lines.length; i++) {
    const line = lines[i]!.trim()
    const f = folded(line)
    if (!f.startsWith(prefix) || !OPENS_TITLE.test(f.slice(prefix.length))) continue
    const parts = [line]
    for (const next of lines.slice(i + 1, i + 12)) {
      const n = next.trim()
      if (!n || ENDS_TITLE.test(folded(n)) || parts.join(' ').length > MAX) break
      parts.push(n)
    }
    const title = parts
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/[\s.,:;]+$/, '')
    if (title.length > MAX) return frontTitle
    return `${frontTitle}, ${readable(title, bodyLines)}`
  }
  return frontTitle
}

/**
 * A title in the gazette's capitals, or in the OCR's broken case ('ley QUe DeClARA'), in sentence case, each word
 * cased as the norm's own running text writes it: 'Universidad Nacional de Carabaya', 'Puno', 'Código Penal' where
 * the articles name them so. The kinds of norm keep their capital where they begin a name ('…, Ley del Servicio…',
 * 'la Ley 31297'). A title already in sentence case is kept.
 */
export function readable(title: string, bodyLines: readonly string[] = []): string {
  const letters = title.replace(/[^\p{L}]/gu, '')
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length
  // The OCR's case is broken inside words ('leY', 'QUe'); else mostly lower case was written for reading already.
  const broken = /\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}/u.test(title)
  if (!broken && letters.length && upper / letters.length < 0.3) return title
  const proper = properNouns(bodyLines)
  const lower = title
    .toLocaleLowerCase('es')
    .replace(/\p{L}+/gu, (w, at: number) => (at > 0 && proper.has(w) ? capitalize(w) : w))
  const kinds =
    /(^|, |\b(?:la|el|del|al) )(ley|decreto legislativo|decreto de urgencia|decreto ley|decreto supremo|código|constitución)\b/gu
  const named = lower
    .replace(kinds, (_m, lead: string, k: string) => `${lead}${capitalize(k)}`)
    // An acronym in brackets stays one: '(SINACTI)', '(VIH)'.
    .replace(/\((\p{L}{2,10})\)/gu, (m, w: string) =>
      title.includes(`(${w.toLocaleUpperCase('es')})`) ? m.toLocaleUpperCase('es') : m,
    )
  return named.charAt(0).toLocaleUpperCase('es') + named.slice(1)
}

/**
 * Words the norm's running text writes capitalized more often than not, where case says something: not in a line
 * of capitals, not a sentence's first word.
 */
function properNouns(bodyLines: readonly string[]): Set<string> {
  const counts = new Map<string, number>()
  for (const line of bodyLines) {
    const letters = line.replace(/[^\p{L}]/gu, '')
    if (!letters.length || letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.5) continue
    for (const m of line.matchAll(/(^|[.:;!?¿¡(«"“]\s*)?(\p{L}+)/gu)) {
      if (m[1] !== undefined) continue
      const word = m[2]!
      const key = word.toLocaleLowerCase('es')
      if (/^\p{Lu}\p{Ll}*$/u.test(word)) counts.set(key, (counts.get(key) ?? 0) + 1)
      else if (word === key) counts.set(key, (counts.get(key) ?? 0) - 1)
    }
  }
  return new Set([...counts].flatMap(([w, n]) => (n > 0 ? [w] : [])))
}

const capitalize = (words: string) =>
  words
    .replace(/(^|\s)(\p{L})/gu, (_m, s: string, c: string) => `${s}${c.toLocaleUpperCase('es')}`)
    .replace(/ (De|Del) /g, (m) => m.toLowerCase())
