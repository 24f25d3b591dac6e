import type { ParsedRulingPdf, RulingPassage } from '../types'
import { cleanEntityDebris } from './entity-debris'
import {
  bodyFontSize,
  breakAcrossPages,
  buildPageLines,
  type FlowLine,
  foldText,
  isPageNumberLine,
  joinLines,
  lineBreaks,
  type PageLine,
  type PdfTextRun,
  rightMargin,
  runningHeaderCounts,
  stampMask,
} from './ruling-text'

/** A file that cannot be read as a ruling PDF. The message is for the user, in Spanish. */
export class RulingParseError extends Error {
  override name = 'RulingParseError'
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')
let pdfjs: Promise<PdfJs> | null = null

/** The legacy build runs on Node without DOM; loaded on first use so that importing this module stays cheap. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjs
}

function readError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'PasswordException') return 'El PDF está protegido con contraseña'
  if (name === 'InvalidPDFException') return 'El archivo no es un PDF válido'
  return 'No se pudo leer el PDF'
}

/** A ruling's PDF → its pages' clean text and its passages (encabezado, vistos, fundamentos, decisión). */
export async function parseRulingPdf(data: Uint8Array): Promise<ParsedRulingPdf> {
  if (!(data instanceof Uint8Array) || data.length === 0)
    throw new RulingParseError('El archivo PDF está vacío')
  const { getDocument } = await loadPdfJs()
  // pdfjs refuses Node Buffers and may detach the buffer it is given: it gets its own copy.
  const task = getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  })
  try {
    let doc: Awaited<typeof task.promise>
    try {
      doc = await task.promise
    } catch (error) {
      throw new RulingParseError(readError(error), { cause: error })
    }
    const pages: RawPage[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      try {
        const page = await doc.getPage(n)
        const [, y0 = 0, , y1 = 0] = page.view
        const content = await page.getTextContent()
        // Marked-content entries carry no text; the rest are text runs.
        const runs = content.items.filter((item) => 'str' in item) as PdfTextRun[]
        pages.push({ lines: buildLinesFrom(runs, y0), height: y1 - y0 })
        page.cleanup()
      } catch (error) {
        throw new RulingParseError(`No se pudo leer la página ${n} del PDF`, { cause: error })
      }
    }
    return assembleRuling(pages)
  } finally {
    await task.destroy()
  }
}

/** Lines with baselines measured from the page's bottom edge (a media box need not start at 0). */
function buildLinesFrom(runs: PdfTextRun[], y0: number): PageLine[] {
  if (!y0) return buildPageLines(runs)
  return buildPageLines(
    runs.map((r) => ({ ...r, transform: [...r.transform.slice(0, 5), (r.transform[5] ?? 0) - y0] })),
  )
}

/** A page as rebuilt lines, before any cleaning. */
export type RawPage = { lines: PageLine[]; height: number }

const TERMINAL = /[.:;!?)"”»]$/

/**
 * Pages of lines → clean page texts and passages. Stamp lines and page numbers go; the running header stays on
 * page 1 only (it is the encabezado); footnotes go to the end of their page and of the passage they interrupt.
 */
export function assembleRuling(raw: readonly RawPage[]): ParsedRulingPdf {
  const warnings: string[] = []
  const kept = raw.map(({ lines, height }) => {
    const stamp = stampMask(
      lines.map((l) => l.text),
      lines.map((l) => l.size),
    )
    const margin = (l: PageLine) => l.y < height * 0.12 || l.y > height * 0.88
    return lines.filter((l, i) => !stamp[i] && !(isPageNumberLine(l.text) && margin(l)))
  })
  const counts = runningHeaderCounts(kept.map((lines) => lines.map((l) => l.text)))
  const flow: FlowLine[] = []
  const pageLines: FlowLine[][] = []
  let lastBody: { line: PageLine; margin: number } | null = null
  kept.forEach((lines, index) => {
    const page = index + 1
    const height = raw[index]!.height
    let headerCount = 0
    while (headerCount < (counts[index] ?? 0) && lines[headerCount]!.y > height * 0.75) headerCount++
    const header = lines.slice(0, headerCount)
    const rest = lines.slice(headerCount)
    const footnoteCount = trailingFootnotes(rest, height)
    const body = rest.slice(0, rest.length - footnoteCount)
    const notes = rest.slice(rest.length - footnoteCount)
    const shown = [...(page === 1 ? header : []), ...body]
    const brks = lineBreaks(shown)
    const noteBrks = lineBreaks(notes)
    const margin = rightMargin(shown)
    const out: FlowLine[] = shown.map((l, i) => ({
      text: l.text,
      page,
      brk: brks[i]!,
      role: page === 1 && i < header.length ? 'header' : 'body',
    }))
    const firstBody = out.find((l) => l.role === 'body')
    if (firstBody && lastBody)
      firstBody.brk = breakAcrossPages(lastBody.line, lastBody.margin, firstBody.text)
    if (body.length) lastBody = { line: body[body.length - 1]!, margin }
    for (const [i, l] of notes.entries()) {
      out.push({ text: l.text, page, brk: i === 0 ? 'paragraph' : noteBrks[i]!, role: 'footnote' })
    }
    if (!out.length && raw[index]!.lines.length === 0) warnings.push(`La página ${page} no tiene texto`)
    pageLines.push(out)
    flow.push(...out)
  })
  const pages = pageLines.map((lines) => joinLines(lines))
  if (!flow.length) {
    warnings.push('El PDF no tiene capa de texto')
    return { pages, passages: [], warnings }
  }
  const segmented = segmentRuling(flow)
  return { pages, passages: segmented.passages, warnings: [...warnings, ...segmented.warnings] }
}

/** Footnotes: the last lines of a page, in smaller type than the body, the first one opening with its number. */
function trailingFootnotes(lines: readonly PageLine[], height: number): number {
  if (lines.length < 2) return 0
  const body = bodyFontSize(lines)
  let start = lines.length
  while (start > 0 && lines[start - 1]!.size <= body * 0.85 && lines[start - 1]!.y < height * 0.5) start--
  if (start === lines.length || start === 0) return 0
  return /^(\d{1,3}|[*†‡])\s*\S/.test(lines[start]!.text) ? lines.length - start : 0
}

// ---- Segmentation ----------------------------------------------------------------------------------------------

const UNITS: Record<string, number> = {
  primero: 1,
  segundo: 2,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  setimo: 7,
  octavo: 8,
  noveno: 9,
}
const TENS: Record<string, number> = {
  decimo: 10,
  vigesimo: 20,
  trigesimo: 30,
  cuadragesimo: 40,
  quincuagesimo: 50,
}

/** 'Primero' → 1, 'Décimo quinto' / 'decimoquinto' → 15, 'Undécimo' → 11; anything else → null. */
export function ordinalValue(words: string): number | null {
  const f = foldText(words)
    .replace(/[\s-]+/g, ' ')
    .trim()
  if (f in UNITS) return UNITS[f]!
  if (f === 'undecimo') return 11
  if (f === 'duodecimo') return 12
  const m = f.match(
    /^(decimo|vigesimo|trigesimo|cuadragesimo|quincuagesimo) ?(primero|segundo|tercero|cuarto|quinto|sexto|septimo|setimo|octavo|noveno)?$/,
  )
  return m ? TENS[m[1]!]! + (m[2] ? UNITS[m[2]]! : 0) : null
}

type Label = { kind: 'ordinal'; value: number; words: string } | { kind: 'number'; parts: number[] }

/** A fundamento's label at the start of a line: 'Primero.', 'DÉCIMO QUINTO:', 'Fundamento tercero.-', '2.1.', '3.' */
export function matchLabel(text: string): Label | null {
  const word = text.match(
    /^(?:fundamento\s+)?(\p{L}+(?:[ -]\p{L}+)?)\s*(?:[.:]\s*[-–—]?|[-–—])(?=\s|$|[\p{Lu}"“(])/iu,
  )
  const value = word ? ordinalValue(word[1]!) : null
  if (value) return { kind: 'ordinal', value, words: word![1]!.toLowerCase() }
  const num = text.match(/^(\d{1,2}(?:\.\d{1,2}){0,3})(\.?)(?:\s+(.*))?$/)
  if (!num) return null
  const parts = num[1]!.split('.').map(Number)
  const dotted = num[2] === '.'
  const rest = num[3] ?? ''
  if (parts.length === 1 && !dotted) return null
  if (!dotted && !/^[\p{Lu}"“«(§¿¡]/u.test(rest)) return null
  if (dotted && /^[\p{Ll}\d]/u.test(rest)) return null
  return { kind: 'number', parts }
}

/** Whether a numbered label follows the last one: next sibling at some level, or first child. */
export function followsNumbering(last: readonly number[] | null, next: readonly number[]): boolean {
  if (!last) return next.every((n) => n === 1) && next.length <= 2
  const samePrefix = (n: number) => next.slice(0, n).every((v, i) => v === last[i])
  if (next.length === last.length + 1 && samePrefix(last.length) && next[last.length] === 1) return true
  for (let level = 1; level <= last.length; level++) {
    if (next.length === level && samePrefix(level - 1) && next[level - 1] === last[level - 1]! + 1)
      return true
  }
  return false
}

const ROMAN = /^[IVXL]+\.\s*/
const VISTOS =
  /^(?:[IVX]+\.\s*)?(?:AUTOS\s+Y\s+VISTOS|VISTOS(?:\s+Y\s+O[ÍI]DOS)?|VISTA(?:\s+(?:DE\s+)?LA\s+CAUSA)?|O[ÍI]DOS?)\s*(?:[:;,.-]|$)/i
const FUNDAMENTOS =
  /^(?:[IVXL]+\.\s*)?(FUNDAMENTOS?(?:\s+(?:DE\s+HECHO|DE\s+DERECHO|JUR[ÍI]DICOS?|DE\s+LA\s+DECISI[ÓO]N|DEL\s+SUPREMO\s+TRIBUNAL|DE\s+ESTA\s+SALA(?:\s+SUPREMA)?))?|CONSIDERANDOS?|CONSIDERACIONES(?:\s+PREVIAS)?|AN[ÁA]LISIS(?:\s+DEL\s+CASO(?:\s+CONCRETO)?)?)\s*[:.]?$/i
const GENERIC_FUNDAMENTOS = /^(fundamentos?|considerandos?|consideraciones)$/
const DECISION_HEADING =
  /^(?:[IVXL]+\.\s*)?(DECISI[ÓO]N|FALLO|PARTE\s+RESOLUTIVA|SE\s+RESUELVE|RESUELVE|RESOLVIERON)\s*[:.]?$/i
const DECISION_OPENING =
  /^(?:Por (?:estos|tales|los|las|esas|dichas) (?:fundamentos|consideraciones|razones)|POR (?:ESTOS|TALES|LOS|LAS) (?:FUNDAMENTOS|CONSIDERACIONES|RAZONES)|SE RESUELVE|RESOLVIERON|FALLO\s*:)/
const OPERATIVE =
  /^(?:[IVX]+\.\s*)?(?:DECLARARON|CONFIRMARON|REVOCARON|ANULARON|DECLARA(?:RON)?|CONFIRMA|REVOCA|SE DECLARA|(?:NO )?HABER NULIDAD)\b/
const TITLE =
  /^(?:AUTO|SENTENCIA|EJECUTORIA|RESOLUCI[ÓO]N|CASACI[ÓO]N|APELACI[ÓO]N|RECURSO|QUEJA|REVISI[ÓO]N|EXTRADICI[ÓO]N|CONSULTA|COMPETENCIA|NULIDAD)\b[^\p{Ll}]*$/u
const DATELINE =
  /^[\p{Lu}][\p{L}. ]{1,40},\s*(?:\d{1,2}|[\p{Ll}]+)\s+de\s+[\p{Ll}]+\s+(?:de|del)\s+(?:\d{4}|dos\s+mil)/u

const stripHeading = (text: string) => text.replace(/\s*[:.]\s*$/, '').trim()
const sentenceCase = (text: string) =>
  /\p{Ll}/u.test(text) ? text : text.charAt(0) + text.slice(1).toLocaleLowerCase('es')

function isUpperHeading(line: FlowLine): boolean {
  const bare = stripHeading(line.text.replace(ROMAN, ''))
  if (bare.length < 4 || bare.length > 80 || /\p{Ll}/u.test(bare) || !/\p{Lu}{3}/u.test(bare)) return false
  return ROMAN.test(line.text) || line.text.trimEnd().endsWith(':') || line.brk === 'paragraph'
}

type Section = RulingPassage['section']
/** A passage being built; `start` is where its own lines begin, after the headings carried into it. */
type Draft = {
  section: Section
  label: string
  lines: FlowLine[]
  notes: FlowLine[]
  number: number[] | null
  /** Whether its label was a number ('2.'), which may turn out to be a title. */
  numbered: boolean
  start: number
}

/**
 * Reading-order lines → passages. The encabezado (running header, title, date) and the sumilla box come first;
 * VISTOS opens the expository part; a FUNDAMENTOS / CONSIDERANDO heading or a first 'Primero.' opens the
 * fundamentos, split at each numbered fundamento; DECISIÓN / 'Por estos fundamentos' opens the decision, kept
 * whole with its signatures. Headings (§ I., FUNDAMENTOS DE HECHO, a '2.' whose text is only a title) open the
 * next passage's text and name its label's context. Every line lands in exactly one passage.
 */
export function segmentRuling(lines: readonly FlowLine[]): { passages: RulingPassage[]; warnings: string[] } {
  const passages: RulingPassage[] = []
  const warnings: string[] = []
  const explicitDecision = lines.map(
    (l) =>
      l.role === 'body' &&
      (DECISION_HEADING.test(l.text) || (l.brk !== 'join' && DECISION_OPENING.test(l.text))),
  )
  const explicitAhead: boolean[] = []
  for (let i = lines.length - 1; i >= 0; i--)
    explicitAhead[i] = explicitDecision[i]! || (explicitAhead[i + 1] ?? false)

  // Closures below reassign these: typed with `as` so that TypeScript does not narrow them to their first value.
  let section = 'encabezado' as Section
  const head: FlowLine[] = []
  const sumilla: FlowLine[] = []
  let sumillaOpen = false
  let titleSeen = false
  let current = null as Draft | null
  let pending: FlowLine[] = []
  let group: string | null = null
  let sub: string | null = null
  let vistosHeading: string | null = null
  let last: number[] | null = null
  // After a heading such as FUNDAMENTOS DE DERECHO the numbering may start again at 1, or go on.
  let restart = true
  let sawVistos = false

  const emit = (d: Draft) => {
    const text = joinLines(d.lines)
    const notes = joinLines(d.notes)
    const full = cleanEntityDebris(notes ? `${text}\n\n${notes}` : text)
    if (full.trim())
      passages.push({ section: d.section, label: d.label, text: full, page: d.lines[0]?.page ?? 1 })
  }
  const closeEncabezado = () => {
    if (section !== 'encabezado') return
    const headLines = head.filter((l) => l.role !== 'footnote')
    if (headLines.length)
      emit({
        section,
        label: 'Encabezado',
        lines: headLines,
        notes: head.filter((l) => l.role === 'footnote'),
        number: null,
        numbered: false,
        start: 0,
      })
    if (sumilla.length)
      emit({ section, label: 'Sumilla', lines: sumilla, notes: [], number: null, numbered: false, start: 0 })
  }
  const close = () => {
    if (current) emit(current)
    current = null
  }
  const context = () => [group, sub].filter(Boolean).join(', ')
  const withContext = (label: string) => (context() ? `${label} — ${context()}` : label)
  const open = (label: string, line: FlowLine | null, number: number[] | null = null, numbered = false) => {
    close()
    current = {
      section,
      label,
      lines: [...pending, ...(line ? [line] : [])],
      notes: [],
      number,
      numbered,
      start: pending.length,
    }
    pending = []
  }
  const enter = (next: Section) => {
    closeEncabezado()
    close()
    section = next
    last = null
    restart = true
    group = null
    sub = null
  }
  const defaultLabel = () =>
    section === 'vistos'
      ? (vistosHeading ?? 'Vistos')
      : section === 'decision'
        ? 'Decisión'
        : withContext('Fundamentos')

  for (const [i, line] of lines.entries()) {
    const text = line.text
    if (line.role === 'footnote') {
      if (section === 'encabezado') head.push(line)
      else if (current) current.notes.push(line)
      else pending.push(line)
      continue
    }
    const atStart = line.brk !== 'join' || TERMINAL.test(lines[i - 1]?.text ?? '.')

    // Decision: an explicit heading or opening, else (when none comes) the first operative verb. In the
    // encabezado only a heading counts: the sumilla may well begin 'Por tales razones'.
    if (section !== 'decision' && line.role === 'body') {
      const startsDecision =
        (explicitDecision[i] && (section !== 'encabezado' || DECISION_HEADING.test(text))) ||
        (!explicitAhead[i] && section === 'fundamentos' && line.brk !== 'join' && OPERATIVE.test(text))
      if (startsDecision) {
        enter('decision')
        open('Decisión', line)
        continue
      }
    }
    if (section === 'decision') {
      if (current) current.lines.push(line)
      else open('Decisión', line)
      continue
    }

    if (section !== 'fundamentos' && line.role === 'body' && FUNDAMENTOS.test(text)) {
      enter('fundamentos')
      const name = foldText(stripHeading(text.replace(ROMAN, '')))
      group = GENERIC_FUNDAMENTOS.test(name) ? null : sentenceCase(stripHeading(text.replace(ROMAN, '')))
      pending.push(line)
      continue
    }

    if (section === 'encabezado') {
      if (line.role === 'header') {
        head.push(line)
        sumillaOpen = true
        continue
      }
      if (VISTOS.test(text)) {
        enter('vistos')
        sawVistos = true
        open('Vistos', line)
        continue
      }
      const label = atStart ? matchLabel(text) : null
      if (label?.kind === 'ordinal' && label.value === 1) {
        enter('fundamentos')
        // falls through to the fundamentos handling below
      } else {
        if (/^sumilla\b/i.test(text)) sumillaOpen = true
        if (TITLE.test(text) || DATELINE.test(text)) titleSeen = true
        if (sumillaOpen && !titleSeen) sumilla.push(line)
        else head.push(line)
        continue
      }
    }

    if (section === 'vistos') {
      const label = atStart ? matchLabel(text) : null
      if (label?.kind === 'ordinal' && label.value === 1) {
        enter('fundamentos')
      } else if (isUpperHeading(line)) {
        close()
        vistosHeading = sentenceCase(stripHeading(text.replace(ROMAN, '')))
        last = null
        pending.push(line)
        continue
      } else if (label?.kind === 'number' && followsNumbering(last, label.parts)) {
        last = label.parts
        open(`${vistosHeading ?? 'Vistos'} ${label.parts.join('.')}`, line, label.parts)
        continue
      } else {
        if (current) current.lines.push(line)
        else open(defaultLabel(), line)
        continue
      }
    }

    // Fundamentos.
    if (/^§/.test(text) || (isUpperHeading(line) && !matchLabel(text))) {
      close()
      if (/^§/.test(text)) sub = stripHeading(text)
      else {
        group = sentenceCase(stripHeading(text.replace(ROMAN, '')))
        sub = null
        restart = true
      }
      pending.push(line)
      continue
    }
    const label = atStart ? matchLabel(text) : null
    if (label?.kind === 'ordinal' && (label.value === 1 || (last !== null && label.value === last[0]! + 1))) {
      last = [label.value]
      restart = false
      open(withContext(`Fundamento ${label.words}`), line, last)
      continue
    }
    if (
      label?.kind === 'number' &&
      (followsNumbering(last, label.parts) || (restart && followsNumbering(null, label.parts)))
    ) {
      restart = false
      const draft = current
      const parent = draft?.number
      const isFirstChild =
        parent &&
        label.parts.length === parent.length + 1 &&
        label.parts.slice(0, -1).join('.') === parent.join('.')
      const own = draft?.lines.slice(draft.start) ?? []
      if (draft?.numbered && isFirstChild && own.length <= 3 && joinLines(own).length <= 160) {
        // '2. La procedencia del amparo…' followed by '2.1': the '2.' is a title, not a fundamento.
        current = null
        pending = [...pending, ...draft.lines]
        sub = stripHeading(joinLines(own.map((l) => ({ ...l, brk: 'join' as const }))))
      }
      last = label.parts
      open(withContext(`Fundamento ${label.parts.join('.')}`), line, label.parts, true)
      continue
    }
    if (current) current.lines.push(line)
    else open(defaultLabel(), line)
  }
  closeEncabezado()
  close()
  if (pending.length) {
    const tail = passages[passages.length - 1]
    if (tail) tail.text += `\n\n${joinLines(pending)}`
  }
  if (!sawVistos) warnings.push('No se encontró la parte expositiva (VISTOS)')
  if (!passages.some((p) => p.section === 'fundamentos')) warnings.push('No se encontraron fundamentos')
  if (!passages.some((p) => p.section === 'decision')) warnings.push('No se encontró la decisión')
  return { passages, warnings }
}
