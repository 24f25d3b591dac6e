/**
 * The PDF edition of a norm: what the viewer opens when a user follows a citation to its "original".
 *
 * pdfkit builds the document (pages, font dictionaries, compression, info, cross-reference table), but the lines are
 * laid out here and written as raw text operators, unkerned: pdfkit's own `text()` kerns every glyph pair and wraps
 * with the full Unicode line-break algorithm, 0.7–1.1 s per MB of text when measured, too slow for a 74 MB corpus on
 * a 180 s budget (this way: about 0.1 s per MB). Doing the layout ourselves also tells us exactly which page each
 * article heading lands on.
 */
import PDFDocument from 'pdfkit'
import { normStatus } from '../../../shared/norm-status'
import { loadPackManifest, type PackManifest } from '../pack/manifest'
import type { NormArticle, ParsedNorm } from '../types'

export type RenderedNormPdf = {
  pdf: Buffer
  pageCount: number
  /** Index = article ordinal; value = 1-based page where the article's heading is printed. */
  articlePages: number[]
  /** 1-based page where the preamble starts; null when the norm has none. */
  preamblePage: number | null
}

/** How a rank reads in Spanish: the country pack's label (pack.json rankLabels), else its key written out. */
export function rankLabel(rank: string, labels: Readonly<Record<string, string>>): string {
  const key = rank.trim().toLowerCase()
  return (Object.hasOwn(labels, key) ? labels[key] : undefined) ?? capitalise(key.replace(/[_-]+/g, ' '))
}

/** The 'Estado' row: the same wording as the sources drawer's badge. */
export function statusLabel(status: string): string {
  return normStatus(status).label
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

const MONTHS =
  'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ')

/** '1993-12-29' → '29 de diciembre de 1993'; anything else is printed as written. */
function spanishDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined
  if (!m || !month) return value.trim()
  return `${Number(m[3])} de ${month} de ${m[1]}`
}

// ---------------------------------------------------------------------------------------------------------------
// Text encoding. The standard 14 fonts are single-byte WinAnsi (cp1252): Latin-1 plus 27 typographic characters in
// 0x80–0x9F (’ “ ” — … • €). Text is turned into that byte form once, up front, so measuring and writing index a
// 256-entry width table and copy bytes. Anything else gets a readable stand-in, never a garbage glyph.

/** Unicode → cp1252 byte for the 0x80–0x9F block. */
const CP1252_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
}

const BULLET = '•'
/** Characters seen in (or likely in) the corpus that WinAnsi lacks, with what to print instead. */
const SUBSTITUTES: Record<string, string> = {
  '\u00ad': '', // soft hyphen: the font would print a visible hyphen mid-word
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2043': '-',
  '\u2212': '-',
  '\u2015': '—',
  '\u2e3a': '—',
  '\u201b': '‘',
  '\u201f': '“',
  '\u2032': "'",
  '\u2033': '"',
  '\u301d': '"',
  '\u301e': '"',
  '\u2044': '/',
  '\u2116': 'N.º',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2219': BULLET,
  '\u2023': BULLET,
  '\u25aa': BULLET,
  '\u25a0': BULLET,
  '\u25a1': BULLET,
  '\u25cf': BULLET,
  '\u25cb': BULLET,
  '\u25e6': BULLET,
  '\u2713': BULLET,
  '\u2714': BULLET,
  '\u27a2': BULLET,
  '\uf0a7': BULLET, // Symbol/Wingdings bullets pasted from Word land in the private-use area
  '\uf0b7': BULLET,
  '\uf0d8': BULLET,
}

/** Everything that is already one WinAnsi byte as-is: newline, printable ASCII, Latin-1 minus NBSP and SHY. */
const NOT_WIN_ANSI = /[^\n\x20-\x7e\xa1-\xac\xae-\xff]/gu

function encodeChar(ch: string, decompose: boolean): string {
  const code = ch.codePointAt(0) ?? 0
  const high = CP1252_HIGH[code]
  if (high !== undefined) return String.fromCharCode(high)
  const sub = SUBSTITUTES[ch]
  if (sub !== undefined) return toWinAnsi(sub)
  if (/^\s$/u.test(ch)) return ' '
  if (/^[\p{Cc}\p{Cf}\p{M}]$/u.test(ch)) return ''
  if (decompose) {
    // Ligatures, full-width forms, superscripts and accented letters outside Latin-1 ('ﬁ', '４', 'ő') decompose to
    // printable letters; what still does not fit is marked, not dropped, so a reader sees something is missing.
    const parts = ch.normalize('NFKD').replace(/\p{M}/gu, '')
    if (parts && parts !== ch) {
      const out = parts.replace(NOT_WIN_ANSI, (p) => encodeChar(p, false))
      if (!out.includes('?') || parts.includes('?')) return out
    }
  }
  return '?'
}

/** A string whose char codes are WinAnsi bytes (0–255). Newlines are kept; other whitespace becomes a space. */
export function toWinAnsi(text: string): string {
  // Decomposed accents ('o' + U+0301) would otherwise lose the accent.
  const composed = /[\u0300-\u036f]/.test(text) ? text.normalize('NFC') : text
  return composed.replace(NOT_WIN_ANSI, (ch) => encodeChar(ch, true))
}

// ---------------------------------------------------------------------------------------------------------------
// Page geometry and styles (points; A4 is 595.28 × 841.89).

const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN_X = 72
const MARGIN_TOP = 72
const MARGIN_BOTTOM = 76
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN_BOTTOM
/** Below the text block, inside the bottom margin. */
const FOOTER_BASELINE = PAGE_HEIGHT - 40

/** The standard fonts we print with, and the resource name each gets in the pages' font dictionaries. */
const FONTS = {
  'Times-Roman': 'LxTR',
  'Times-Bold': 'LxTB',
  'Times-Italic': 'LxTI',
  Helvetica: 'LxH',
  'Helvetica-Bold': 'LxHB',
  'Helvetica-Oblique': 'LxHO',
} as const
type FontName = keyof typeof FONTS

type Style = { font: FontName; size: number; leading: number; gray: number }

const BODY: Style = { font: 'Times-Roman', size: 10.5, leading: 14, gray: 0 }
const ARTICLE_HEADING: Style = { font: 'Times-Bold', size: 10.5, leading: 14, gray: 0 }
const NOTE: Style = { font: 'Times-Italic', size: 8.5, leading: 11, gray: 0.4 }
const STRUCTURE: Style = { font: 'Helvetica-Bold', size: 10, leading: 13.5, gray: 0 }
const TITLE: Style = { font: 'Helvetica-Bold', size: 16, leading: 20, gray: 0 }
const RANK: Style = { font: 'Helvetica', size: 10.5, leading: 14, gray: 0.35 }
const META: Style = { font: 'Helvetica', size: 9, leading: 12.5, gray: 0.2 }
const DISCLAIMER: Style = { font: 'Helvetica-Oblique', size: 8.5, leading: 11.5, gray: 0.4 }
const FOOTER: Style = { font: 'Helvetica', size: 8, leading: 10, gray: 0.45 }

const PARAGRAPH_GAP = 5

/** Lines of an article that must fit under its heading, or the heading moves to the next page. */
const KEEP_WITH_HEADING = 3

const DISCLAIMER_TEXT =
  'Edición de Lexia generada a partir del texto publicado; no es la publicación oficial.'

/** Fixed default so re-ingesting an unchanged file yields the same bytes. */
const DEFAULT_GENERATED_AT = new Date(0)

/** Glyph advance widths per WinAnsi byte, in 1/1000 em; the AFM metrics never change, so measured once. */
const widthTables = new Map<FontName, Float64Array>()

function widthTable(font: FontName): Float64Array {
  let table = widthTables.get(font)
  if (table) return table
  // A throwaway document to measure with, so the documents we render never load pdfkit's font objects.
  const probe = new PDFDocument({ autoFirstPage: false }).font(font).fontSize(1000)
  const unicodeOf: Record<number, number> = {}
  for (const [u, b] of Object.entries(CP1252_HIGH)) unicodeOf[b] = Number(u)
  table = new Float64Array(256)
  for (let b = 32; b < 256; b++) table[b] = probe.widthOfString(String.fromCodePoint(unicodeOf[b] ?? b))
  widthTables.set(font, table)
  return table
}

function num(n: number): string {
  return String(Math.round(n * 100) / 100)
}

function pdfString(bytes: string): string {
  return `(${bytes.replace(/[\\()]/g, '\\$&')})`
}

/** Lays text out top to bottom, page after page, keeping each page's content operators until the page is left. */
class Layout {
  /** 0-based index of the page being written. */
  page = 0
  /** Top of the next line, from the top of the page. */
  y = MARGIN_TOP
  private ops: string[] = []
  private fontOnPage = new Set<FontName>()
  /** Font dictionaries, written once per document on first use. */
  private fontRefs = new Map<FontName, PDFKit.PDFKitReference>()

  constructor(private doc: PDFKit.PDFDocument) {}

  get atTop(): boolean {
    return this.y === MARGIN_TOP
  }

  room(): number {
    return CONTENT_BOTTOM - this.y
  }

  newPage(): void {
    this.flush()
    this.doc.addPage()
    this.page++
    this.y = MARGIN_TOP
  }

  gap(points: number): void {
    if (!this.atTop) this.y += points
  }

  width(bytes: string, style: Style): number {
    const table = widthTable(style.font)
    let w = 0
    for (let i = 0; i < bytes.length; i++) w += table[bytes.charCodeAt(i)]!
    return (w * style.size) / 1000
  }

  /**
   * Greedy wrap of one source line (WinAnsi bytes) at spaces; a word longer than the line is cut where it
   * overflows. Whitespace runs collapse to one space.
   */
  wrap(source: string, style: Style, maxWidth = CONTENT_WIDTH): string[] {
    const text = source.replace(/ {2,}/g, ' ').trim()
    if (!text) return []
    const table = widthTable(style.font)
    const limit = (maxWidth * 1000) / style.size
    const space = table[32]!
    const lines: string[] = []
    let start = 0
    let width = 0
    let lastSpace = -1
    let widthBeforeSpace = 0
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      const w = table[c]!
      if (c === 32) {
        if (width + w > limit) {
          lines.push(text.slice(start, i))
          start = i + 1
          width = 0
          lastSpace = -1
          continue
        }
        lastSpace = i
        widthBeforeSpace = width
      } else if (width + w > limit && i > start) {
        if (lastSpace > start) {
          lines.push(text.slice(start, lastSpace))
          width -= widthBeforeSpace + space
          start = lastSpace + 1
          lastSpace = -1
        }
        // What is left of the word may still not fit: cut it where it overflows.
        if (width + w > limit && i > start) {
          lines.push(text.slice(start, i))
          width = 0
          start = i
        }
      }
      width += w
    }
    if (start < text.length) lines.push(text.slice(start))
    return lines
  }

  /** Writes lines, breaking pages as needed; returns the 1-based page of the first line. */
  lines(lines: string[], style: Style, align: 'left' | 'center' | 'right' = 'left'): number {
    let first = 0
    for (const line of lines) {
      if (this.y + style.leading > CONTENT_BOTTOM && !this.atTop) this.newPage()
      if (!first) first = this.page + 1
      this.put(line, style, align, this.y + style.size)
      this.y += style.leading
    }
    return first || this.page + 1
  }

  /**
   * Paragraphs separated by blank lines; single newlines inside a paragraph (lists, items) start a new line.
   * Returns the 1-based page of the first line, or null if there was nothing to print.
   */
  paragraphs(text: string, style: Style, paragraphGap: number): number | null {
    let first: number | null = null
    for (const paragraph of splitParagraphs(text)) {
      this.gap(paragraphGap)
      for (const line of paragraph.split('\n')) {
        const wrapped = this.wrap(line, style)
        if (!wrapped.length) continue
        const page = this.lines(wrapped, style)
        first ??= page
      }
    }
    return first
  }

  /** One line on the current page, at a baseline measured from the top of the page. */
  put(bytes: string, style: Style, align: 'left' | 'center' | 'right', baseline: number): void {
    this.registerFont(style.font)
    this.ops.push(this.textOp(bytes, style, align, baseline))
  }

  /** Lines added to a finished page (footers, once the page count is known). */
  stamp(
    page: number,
    lines: { bytes: string; style: Style; align: 'left' | 'right'; baseline: number }[],
  ): void {
    this.flush()
    this.doc.switchToPage(page)
    for (const { style } of lines) this.doc.page.fonts[FONTS[style.font]] = this.fontRef(style.font)
    this.doc.addContent(wrapOps(lines.map((l) => this.textOp(l.bytes, l.style, l.align, l.baseline))))
  }

  private textOp(bytes: string, style: Style, align: 'left' | 'center' | 'right', baseline: number): string {
    let x = MARGIN_X
    if (align !== 'left') {
      const slack = CONTENT_WIDTH - this.width(bytes, style)
      x += align === 'center' ? slack / 2 : slack
    }
    return (
      `${style.gray} g BT /${FONTS[style.font]} ${style.size} Tf ` +
      `1 0 0 1 ${num(x)} ${num(PAGE_HEIGHT - baseline)} Tm ${pdfString(bytes)} Tj ET`
    )
  }

  rule(): void {
    const y = num(PAGE_HEIGHT - this.y)
    this.ops.push(`0.7 G 0.5 w ${num(MARGIN_X)} ${y} m ${num(MARGIN_X + CONTENT_WIDTH)} ${y} l S`)
  }

  flush(): void {
    if (this.ops.length) this.doc.addContent(wrapOps(this.ops))
    this.ops = []
    this.fontOnPage.clear()
  }

  private registerFont(name: FontName): void {
    if (this.fontOnPage.has(name)) return
    this.doc.page.fonts[FONTS[name]] = this.fontRef(name)
    this.fontOnPage.add(name)
  }

  /** A standard font needs no embedding: a Type1 dictionary naming it and its encoding is the whole font. */
  private fontRef(name: FontName): PDFKit.PDFKitReference {
    let ref = this.fontRefs.get(name)
    if (!ref) {
      ref = this.doc.ref({ Type: 'Font', Subtype: 'Type1', BaseFont: name, Encoding: 'WinAnsiEncoding' })
      ref.end(undefined) // no stream; the typings insist on the argument
      this.fontRefs.set(name, ref)
    }
    return ref
  }
}

/**
 * pdfkit flips the y axis at the start of every page; undo it so our operators use PDF's own coordinates. The
 * text is already WinAnsi bytes, so latin1 turns it into the stream's bytes natively.
 */
function wrapOps(ops: string[]): Buffer {
  return Buffer.from(`q 1 0 0 -1 0 ${PAGE_HEIGHT} cm\n${ops.join('\n')}\nQ\n`, 'latin1')
}

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t\u00a0]*\n/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '')
}

function headingLine(article: NormArticle): string {
  const heading = article.heading?.trim()
  return heading ? `${article.label}. ${heading}` : `${article.label}.`
}

function titleBlock(
  layout: Layout,
  norm: ParsedNorm,
  rankLabels: Readonly<Record<string, string>>,
  status: string,
): void {
  const { meta } = norm
  const rank = rankLabel(meta.rank, rankLabels)
  if (rank) layout.lines(layout.wrap(toWinAnsi(rank), RANK), RANK, 'center')
  layout.gap(4)
  layout.lines(layout.wrap(toWinAnsi(meta.title), TITLE), TITLE, 'center')
  layout.gap(2)
  layout.lines(layout.wrap(toWinAnsi(meta.identifier), RANK), RANK, 'center')
  layout.gap(12)
  layout.rule()
  layout.gap(10)
  const facts: [string, string | null][] = [
    ['Publicación', meta.publicationDate ? spanishDate(meta.publicationDate) : null],
    ['Última actualización', meta.lastUpdated ? spanishDate(meta.lastUpdated) : null],
    ['Estado', status ? statusLabel(status) : null],
    ['Diario oficial', meta.officialJournal],
    ['Fuente', meta.source],
  ]
  for (const [name, value] of facts) {
    if (value?.trim()) layout.lines(layout.wrap(toWinAnsi(`${name}: ${value.trim()}`), META), META)
  }
  layout.gap(6)
  layout.lines(layout.wrap(toWinAnsi(DISCLAIMER_TEXT), DISCLAIMER), DISCLAIMER)
  layout.gap(8)
  layout.rule()
  layout.gap(10)
}

function articleBlock(layout: Layout, article: NormArticle, printedPath: string[]): number {
  // Structure headings from the first level that changed, e.g. a new CAPÍTULO under the same TÍTULO.
  let changed = 0
  while (changed < article.path.length && article.path[changed] === printedPath[changed]) changed++
  const structure = article.path.slice(changed).map((p) => layout.wrap(toWinAnsi(p), STRUCTURE))
  const heading = layout.wrap(toWinAnsi(headingLine(article)), ARTICLE_HEADING)

  // Each source line wrapped once; a paragraph break adds a small gap before its first line.
  const body: { lines: string[]; gap: number }[] = []
  for (const [i, paragraph] of splitParagraphs(toWinAnsi(article.text)).entries()) {
    for (const [j, line] of paragraph.split('\n').entries()) {
      body.push({ lines: layout.wrap(line, BODY), gap: i > 0 && j === 0 ? PARAGRAPH_GAP : 0 })
    }
  }
  let firstLinesHeight = 0
  let counted = 0
  for (const { lines, gap } of body) {
    if (counted >= KEEP_WITH_HEADING) break
    const take = Math.min(lines.length, KEEP_WITH_HEADING - counted)
    if (take) firstLinesHeight += gap + take * BODY.leading
    counted += take
  }

  // Structure headings, the article heading and its first lines go together, so the page we record shows them.
  const structureHeight = structure.reduce((h, lines) => h + 6 + lines.length * STRUCTURE.leading, 0)
  const need =
    (structure.length ? 10 + structureHeight : 0) +
    8 +
    heading.length * ARTICLE_HEADING.leading +
    firstLinesHeight
  if (need > layout.room() && !layout.atTop) layout.newPage()

  if (structure.length) layout.gap(10)
  for (const lines of structure) {
    layout.gap(6)
    layout.lines(lines, STRUCTURE, 'center')
  }
  layout.gap(8)
  const page = layout.lines(heading, ARTICLE_HEADING)
  for (const { lines, gap } of body) {
    if (gap) layout.gap(gap)
    layout.lines(lines, BODY)
  }
  if (article.notes.length) {
    layout.gap(3)
    for (const note of article.notes) layout.paragraphs(toWinAnsi(note), NOTE, 2)
  }
  return page
}

/** What of the country pack a PDF edition reads: how ranks are named, and the language it declares. */
export type RenderPack = Pick<PackManifest, 'rankLabels' | 'locale'>

export async function renderNormPdf(
  norm: ParsedNorm,
  /** `status`: the norm's status as the index knows it, when it is not the file's (search/repeals.ts). */
  options: { generatedAt?: Date; pack?: RenderPack; status?: string } = {},
): Promise<RenderedNormPdf> {
  const generatedAt = options.generatedAt ?? DEFAULT_GENERATED_AT
  const pack = options.pack ?? loadPackManifest()
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    // No default font: pdfkit would parse Helvetica's metrics for every document, and we never use its text().
    font: '',
    lang: pack.locale,
    displayTitle: true,
    info: {
      Title: norm.meta.title,
      Subject: norm.meta.identifier,
      Creator: 'Lexia',
      Producer: 'Lexia (pdfkit)',
      CreationDate: generatedAt,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  const layout = new Layout(doc)
  titleBlock(layout, norm, pack.rankLabels, options.status ?? norm.meta.status)

  const preamblePage = norm.preamble ? layout.paragraphs(toWinAnsi(norm.preamble), BODY, PARAGRAPH_GAP) : null
  layout.gap(6)

  const articlePages: number[] = new Array(norm.articles.length).fill(0)
  let printedPath: string[] = []
  for (const article of norm.articles) {
    articlePages[article.ordinal] = articleBlock(layout, article, printedPath)
    printedPath = article.path
  }
  layout.flush()

  const pageCount = doc.bufferedPageRange().count
  const identifier = toWinAnsi(norm.meta.identifier)
  for (let page = 0; page < pageCount; page++) {
    layout.stamp(page, [
      { bytes: identifier, style: FOOTER, align: 'left', baseline: FOOTER_BASELINE },
      {
        bytes: toWinAnsi(`Página ${page + 1} de ${pageCount}`),
        style: FOOTER,
        align: 'right',
        baseline: FOOTER_BASELINE,
      },
    ])
  }

  doc.end()
  await ended
  return { pdf: Buffer.concat(chunks), pageCount, articlePages, preamblePage }
}
