/**
 * Text rebuilding for the Poder Judicial's ruling PDFs: from pdfjs text runs to clean lines, with the page furniture
 * (signature stamps, running header, page number, footnotes) told apart from the ruling's own text.
 * Pure functions: the PDF reading itself lives in ruling-pdf.ts.
 */

/** One text run as pdfjs hands it (its TextItem), reduced to what rebuilding needs. */
export type PdfTextRun = { str: string; hasEOL: boolean; transform: number[]; width: number }

/** A visual line of a page. PDF units: y is the baseline and grows upwards; size is the main font size. */
export type PageLine = { text: string; x: number; y: number; endX: number; size: number }

/** How a line attaches to the one before it: same paragraph, hard line break, or new paragraph. */
export type LineBreak = 'join' | 'line' | 'paragraph'

/** A line of the document in reading order, with what it is on its page. */
export type FlowLine = { text: string; page: number; brk: LineBreak; role: 'header' | 'body' | 'footnote' }

export function collapseSpaces(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g, ' ')
    .trim()
}

/** Accent-less, lower-case form for pattern tests. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

const fontSize = (t: number[]) => Math.hypot(t[2] ?? 0, t[3] ?? 0)

/**
 * Rebuilds the lines of a page in the order the PDF draws them (the court's PDFs draw in reading order, and the
 * two-column header would be merged by a purely geometric sort). A line ends on hasEOL or when the baseline moves;
 * small raised digits (footnote calls) are dropped so that 'Demanda¹' does not read 'Demanda1'.
 */
export function buildPageLines(runs: readonly PdfTextRun[]): PageLine[] {
  const lines: PageLine[] = []
  let cur: PageLine | null = null
  let curIsSmall = false
  const flush = () => {
    if (cur) {
      cur.text = collapseSpaces(cur.text)
      if (cur.text) lines.push(cur)
    }
    cur = null
  }
  for (const run of runs) {
    const x = run.transform[4] ?? 0
    const y = run.transform[5] ?? 0
    const size = fontSize(run.transform)
    if (run.str.trim() === '') {
      // Spaces between words come as their own runs; an empty run with hasEOL marks the end of a line.
      if (cur && run.str) cur.text += ' '
      if (run.hasEOL) flush()
      continue
    }
    if (cur) {
      const tolerance = Math.max(size, cur.size) * 0.5
      const sameBaseline = Math.abs(y - cur.y) <= tolerance
      const goesBack = x < cur.x - 1 && x < cur.endX - Math.max(size, cur.size) * 2
      if (!sameBaseline || goesBack) flush()
    }
    if (!cur) {
      cur = { text: run.str, x, y, endX: x + run.width, size }
      curIsSmall = true
    } else {
      const raised = y > cur.y + cur.size * 0.2 && size < cur.size * 0.8
      if (raised && /^[\d*,\s]+$/.test(run.str)) {
        // A footnote call: not part of the sentence.
      } else {
        if (x - cur.endX > cur.size * 0.2 && !/\s$/.test(cur.text) && !/^\s/.test(run.str)) cur.text += ' '
        cur.text += run.str
        if (size > cur.size * 1.2 && curIsSmall) {
          // The line began with a smaller run (a footnote number): the main text sets baseline and size.
          cur.y = y
          cur.size = size
          curIsSmall = false
        } else if (size >= cur.size) {
          cur.size = size
        }
      }
      cur.endX = Math.max(cur.endX, x + run.width)
    }
    if (run.hasEOL) flush()
  }
  flush()
  return lines
}

// ---- Signature stamps -------------------------------------------------------------------------------------------

/**
 * Lines that only a signature stamp holds. The Corte Suprema's stamps read, in 6-pt type, e.g.
 * 'SEDE PALACIO DE JUSTICIA,' / 'Vocal Supremo:PEÑA FARFAN' / 'Saul FAU 20159981216 soft' /
 * 'Fecha: 23/06/2026 10:22:14,Razón:' / 'RESOLUCIÓN' / 'JUDICIAL,D.Judicial: CORTE' / 'SUPREMA / LIMA,FIRMA DIGITAL'
 * and 'CORTE SUPREMA DE' / 'JUSTICIA CORTE SUPREMA' / '- Sistema de Notificaciones' / 'Electronicas SINOE';
 * other courts' stamps say 'Firmado digitalmente por:', 'Motivo: Servicio de Notificaciones Electrónicas',
 * 'Servicio Digital - Poder Judicial del Perú'. Patterns run on the folded (accent-less, lower-case) line.
 */
const STAMP_STRUCTURE: RegExp[] = [
  /\b(vocal|juez|jueza|secretari[oa]|relator[a]?)( de sala)?\s*-?\s*(suprem[oa]|superior)\s*:\s*[a-zñ]/,
  /^suprem[oa]\s*:\s*[a-zñ]/,
  /\bfau\b(\s+\d{11}\b|\s*$)/,
  /\b\d{11}\s+(soft|hard)\b/,
  /\bfirmado digitalmente por\s*:/,
  /\bservicio digital\s*-\s*poder judicial/,
  /^motivo\s*:\s*(servicio|firma|soy el autor|doy v|resoluci|notificaci)/,
  /(^|,)\s*razon\s*:/,
  /\bd\.\s?judicial\s*:/,
  /^fecha\s*:\s*\d{1,4}[/-]\d{1,2}[/-]\d{1,4}/,
  /^sede palacio de justicia,?$/,
  /\bjusticia corte suprema\b/,
]

/**
 * Words a stamp repeats but a ruling may also write ('notificado por el SINOE'): they mark a stamp line only on a
 * line that holds little else, or in the stamp's small type.
 */
const STAMP_PHRASES =
  /\b(sinoe|firma digital|firmado digitalmente|(sistema|servicio) de notificaciones( electronicas)?)\b/g

/** Lines that are stamp text only when they touch a stamp line: alone they could be the ruling's. */
const STAMP_WEAK: RegExp[] = [
  /^resolucion,?$/,
  /^judicial,?$/,
  /^corte suprema( de)?$/,
  /^electronicas\b/,
  /^poder judicial( del peru)?$/,
  /^(secretari[oa]|vocal|juez|jueza) de sala\s*-?$/,
  /^suprema \/ lima/,
  /^corte superior de justicia( de)?( [a-z ]+)?\s*[-/]?$/,
  /^(fecha|hora)\s*:?\s*[\d/: .,-]+$/,
  // A signer's name broken onto its own line: capitalised words only, no digits.
  /^[a-zñ]+( [a-zñ]+){0,4}$/,
]

const isStrongStamp = (folded: string, small: boolean) => {
  if (STAMP_STRUCTURE.some((re) => re.test(folded))) return true
  if (!folded.match(STAMP_PHRASES)) return false
  const rest = folded
    .replace(STAMP_PHRASES, ' ')
    .split(/[^a-z0-9ñ]+/)
    .filter(Boolean)
  return small || rest.length <= 3
}
const isWeakStamp = (folded: string) => folded.length <= 48 && STAMP_WEAK.some((re) => re.test(folded))
const looksLikeName = (line: string) => /^[\p{Lu}][\p{L}'’.-]*( [\p{Lu}][\p{L}'’.-]*){0,4}$/u.test(line)

/**
 * Marks the lines of a stamp block: every strong line, and the weak lines chained to one. When sizes are given,
 * a line in the same small type as a neighbouring stamp line also belongs to the block.
 */
export function stampMask(lines: readonly string[], sizes?: readonly number[]): boolean[] {
  const folded = lines.map((l) => foldText(collapseSpaces(l)))
  const bodySize = sizes?.length ? median([...sizes]) : 0
  const mask = folded.map((f, i) => isStrongStamp(f, sizes !== undefined && sizes[i]! < bodySize * 0.8))
  const weak = (i: number, from: number) => {
    const f = folded[i]!
    const raw = collapseSpaces(lines[i]!)
    const smallAlike =
      sizes !== undefined &&
      sizes[i]! < bodySize * 0.8 &&
      Math.abs(sizes[i]! - sizes[from]!) < 1.2 &&
      sizes[from]! < bodySize * 0.8
    if (smallAlike) return true
    if (!isWeakStamp(f)) return false
    if (STAMP_WEAK.slice(0, -1).some((re) => re.test(f))) return true
    // A bare name only right after the stamp line that introduces it, and written as names are ('QUISPE MAMANI
    // Juan'): a capitals line such as the header's 'DE JUSTICIA' is not taken for one.
    return from === i - 1 && /\p{Ll}/u.test(raw) && looksLikeName(raw)
  }
  let changed = true
  while (changed) {
    changed = false
    for (let i = 0; i < lines.length; i++) {
      if (mask[i]) continue
      const from = mask[i - 1] ? i - 1 : mask[i + 1] ? i + 1 : -1
      if (from >= 0 && weak(i, from)) {
        mask[i] = true
        changed = true
      }
    }
  }
  return mask
}

/** The lines that are not part of a signature stamp. */
export function removeStampLines(lines: readonly string[]): string[] {
  const mask = stampMask(lines)
  return lines.filter((_, i) => !mask[i])
}

// ---- Page furniture --------------------------------------------------------------------------------------------

/** '3', '- 3 -', 'Página 3 | 15', 'Pág. 3 de 15', '3/15'. */
export function isPageNumberLine(text: string): boolean {
  const t = collapseSpaces(text)
  return (
    /^\d{1,4}$/.test(t) ||
    /^[-–—]\s*\d{1,4}\s*[-–—]$/.test(t) ||
    /^p[áa]g(?:ina|\.)?\s*\d{1,4}(?:\s*(?:\||de|\/)\s*\d{1,4})?$/i.test(t) ||
    /^\d{1,4}\s*(?:\||de|\/)\s*\d{1,4}$/.test(t)
  )
}

const headerKey = (text: string) => foldText(collapseSpaces(text)).replace(/[^a-z0-9ñ]+/g, ' ')

/**
 * How many leading lines of each page are the running header: lines found near the top of most pages.
 * Needs two pages at least; stops at the first line of a page that is not repeated elsewhere.
 */
export function runningHeaderCounts(pages: readonly (readonly string[])[], window = 10): number[] {
  if (pages.length < 2) return pages.map(() => 0)
  const needed = Math.max(2, Math.ceil(pages.length * 0.6))
  const seen = new Map<string, number>()
  for (const page of pages) {
    for (const key of new Set(page.slice(0, window).map(headerKey))) seen.set(key, (seen.get(key) ?? 0) + 1)
  }
  return pages.map((page) => {
    let n = 0
    while (n < Math.min(page.length, window) && (seen.get(headerKey(page[n]!)) ?? 0) >= needed) n++
    return n
  })
}

export function median(values: number[]): number {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The font size most of the page's characters are set in. */
export function bodyFontSize(lines: readonly PageLine[]): number {
  const weight = new Map<number, number>()
  for (const l of lines) {
    const key = Math.round(l.size * 2) / 2
    weight.set(key, (weight.get(key) ?? 0) + l.text.length)
  }
  let best = 0
  let bestWeight = -1
  for (const [size, w] of weight) {
    if (w > bestWeight) {
      best = size
      bestWeight = w
    }
  }
  return best
}

/** Where justified lines end on this page: a line ending well before it closes its paragraph. */
export function rightMargin(lines: readonly PageLine[]): number {
  const ends = lines.filter((l) => l.text.length > 25).map((l) => l.endX)
  if (!ends.length) return Math.max(0, ...lines.map((l) => l.endX))
  const sorted = ends.sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length * 0.9)] ?? sorted[sorted.length - 1]!
}

export function isShortLine(line: PageLine, margin: number): boolean {
  return line.endX < margin - Math.max(line.size * 3, 24)
}

/**
 * The break before each line of a page: a new paragraph where the baseline gap is clearly larger than the
 * page's usual leading for that type size (or the text jumps up, to a new column), a kept line break after a
 * line that stops short of the right margin, else the same paragraph.
 */
export function lineBreaks(lines: readonly PageLine[]): LineBreak[] {
  const gapsBySize = new Map<number, number[]>()
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!
    const b = lines[i]!
    const gap = a.y - b.y
    if (Math.abs(a.size - b.size) < 0.6 && gap > 0 && gap < a.size * 3) {
      const key = Math.round(a.size)
      gapsBySize.set(key, [...(gapsBySize.get(key) ?? []), gap])
    }
  }
  const leading = (size: number) => {
    const gaps = gapsBySize.get(Math.round(size))
    return gaps?.length ? median(gaps) : size * 1.25
  }
  const margin = rightMargin(lines)
  return lines.map((line, i): LineBreak => {
    if (i === 0) return 'paragraph'
    const prev = lines[i - 1]!
    const size = Math.max(prev.size, line.size)
    const gap = prev.y - line.y
    if (gap < -size * 0.5) return 'paragraph'
    if (gap > leading(size) * 1.15 + 0.5) return 'paragraph'
    // Into or out of a block quote in smaller type: the smaller type's leading is the yardstick.
    const smaller = Math.min(prev.size, line.size)
    if (Math.abs(prev.size - line.size) > 1.5 && gap > leading(smaller) * 1.15 + 0.5) return 'paragraph'
    if (isShortLine(prev, margin) || isCapitals(prev.text) || isCapitals(line.text)) return 'line'
    // A list item after a colon keeps its own line even when the line before is justified to the margin.
    return /[:;.]$/.test(prev.text) && ENUMERATOR.test(line.text) ? 'line' : 'join'
  })
}

const ENUMERATOR = /^(?:[IVXL]+|[ivx]+|\d{1,2}(?:\.\d{1,2})*|\p{L})[.)]\s/u

/**
 * The break between the last body line of a page and the first of the next: the paragraph goes on unless that
 * last line stopped short of the margin (a new paragraph after a full stop, else a kept line break) or the next
 * page opens a list item after a colon or a full stop.
 */
export function breakAcrossPages(last: PageLine, lastMargin: number, next: string): LineBreak {
  if (isShortLine(last, lastMargin)) return /[.:;!?)"”»]$/.test(last.text) ? 'paragraph' : 'line'
  return /[:;.]$/.test(last.text) && ENUMERATOR.test(next) ? 'line' : 'join'
}

/** Headings, names and titles are set in capitals and stand on their own lines. */
const isCapitals = (text: string) => /\p{Lu}.*\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text)

// ---- Joining -----------------------------------------------------------------------------------------------------

/**
 * Joins two lines of the same paragraph. A word split at the line end ('inter-' + 'poner') is rejoined;
 * a hyphen after a number or before a capital is kept without a space ('00188-2019-' + 'PA/TC',
 * 'Público-' + 'Primera'); a dash stays a dash.
 */
export function joinWrapped(left: string, right: string): string {
  if (!left) return right
  if (!right) return left
  if (left.endsWith('\u00ad')) return left.slice(0, -1) + right
  if (/[\p{L}]{2}-$/u.test(left) && /^\p{Ll}/u.test(right)) return left.slice(0, -1) + right
  if (/\S-$/.test(left) && !/\s-$/.test(left)) return left + right
  return `${left} ${right}`
}

/** Lines → text: paragraphs apart by a blank line, kept line breaks as a newline, the rest unwrapped. */
export function joinLines(lines: readonly Pick<FlowLine, 'text' | 'brk'>[]): string {
  let out = ''
  for (const [i, line] of lines.entries()) {
    if (i === 0 || !out) out = line.text
    else if (line.brk === 'paragraph') out += `\n\n${line.text}`
    else if (line.brk === 'line') out += `\n${line.text}`
    else out = joinWrapped(out, line.text)
  }
  return out
}
