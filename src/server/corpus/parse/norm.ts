/**
 * Parser of one legalize-pe norm (Markdown with YAML front matter) into articles and dispositions.
 *
 * The input comes from three very different publishers (lpderecho.pe editorial pages, SPIJ's indented HTML
 * dumps, OCR of El Peruano gazette pages), so the parser works line by line with small, anchored regexes
 * (linear time, no backtracking traps) and a little state: the structure stack, the open unit, the
 * disposiciones block, and a "quoted text" mode for laws that transcribe the articles they amend.
 * Pure function: no I/O.
 *
 * This file holds the line walk itself (`parseNorm` and the helpers only it uses); the pieces it drives live
 * under `norm/`: front matter, line cleaning and classification, ordinals, headings, structure, article and
 * disposition heads, the builder that holds the parser's state, and the finishing steps.
 */

import type { NormUnitKind, ParsedNorm } from '../types'
import { Builder } from './norm/builder'
import { NormParseError } from './norm/error'
import { finish } from './norm/finish'
import { splitFrontMatter } from './norm/front-matter'
import { cleanHeading, isHeadingLike } from './norm/headings'
import {
  CITATION_RE,
  CLOSING_RE,
  CONCORD_RE,
  cleanLine,
  DEBRIS_RE,
  EDITORIAL_RE,
  END_RE,
  ENUM_RE,
  isUpperDominant,
  type Line,
  leadAndRest,
  NOTE_CONTENT_RE,
  NOTE_FOLLOW_RE,
  NOTE_ITEM_RE,
  prepareLines,
  QUOTE_OPEN_RE,
  QUOTE_TRIGGER_RE,
  stripAccents,
} from './norm/lines'
import {
  ART_KEY_RE,
  DISP_ITEM_RE,
  type Head,
  isStrongSep,
  parseArticleHead,
  parseArticleNumber,
  parseDispositionHead,
} from './norm/numbering'
import { officialTitle } from './norm/official-title'
import { type Block, parseBlock, parseStruct, type Struct } from './norm/structure'

export { NormParseError }

export function parseNorm(markdown: string, fileName: string): ParsedNorm {
  const { meta, body } = splitFrontMatter(markdown, fileName)
  const lines = prepareLines(body)
  if (!lines.some((l) => l.plain)) throw new NormParseError(fileName, 'el cuerpo de la norma está vacío')
  const b = new Builder(meta.source)
  const titleKey = stripAccents(meta.title.toLowerCase())
  meta.title = officialTitle(
    meta.title,
    lines.map((l) => l.plain),
  )
  const total = lines.length
  let firstContent = true
  let prevText: Line | null = null
  let blankSincePrev = true
  let concord = false
  let editorial = false
  /** A singular block ('DISPOSICIÓN COMPLEMENTARIA FINAL') whose text may follow without 'ÚNICA.-'. */
  let implicitBlock: Block | null = null

  const nextContent = (from: number): number => {
    for (let j = from; j < total && j < from + 6; j++) {
      const l = lines[j]!
      if (l.plain && !l.linkOnly && !DEBRIS_RE.test(l.plain)) return j
    }
    return -1
  }

  for (let i = 0; i < total; i++) {
    const line = lines[i]!
    const p = line.plain
    if (!p) {
      blankSincePrev = true
      continue
    }
    if (line.linkOnly) continue
    if (firstContent) {
      firstContent = false
      // The Markdown title repeats the front matter's title.
      if (line.md && stripAccents(p.toLowerCase()) === titleKey) continue
    }
    if (END_RE.test(p) && (p.length < 80 || p.startsWith('Comentarios:'))) {
      // Web-page footer (related news, comments): nothing after it is law text.
      if (b.anyUnit || i > total * 0.6) break
      continue
    }
    if (concord) {
      if (CITATION_RE.test(p) && p.length < 400) continue
      concord = false
    }
    if (CONCORD_RE.test(p)) {
      concord = true
      continue
    }
    if (DEBRIS_RE.test(p) || !/[\p{L}\p{N}]/u.test(p)) continue
    if (EDITORIAL_RE.test(p)) {
      // lpderecho's 'Jurisprudencia relevante' commentary runs until the next heading.
      editorial = true
      continue
    }
    if (editorial) {
      if (!isAnyHeading(line, b.block)) continue
      editorial = false
    }

    const wrapped = !blankSincePrev && prevText !== null && /[\p{Ll},]$/u.test(prevText.plain)
    const afterBlank = blankSincePrev
    blankSincePrev = false

    if (b.noteOpen && !afterBlank && !line.note && !isMarkedHeading(line, b.block)) {
      // A note hard-wrapped by the PDF conversion: '…la Dirección Central' / 'de Gestión Institucional…'.
      b.appendToLastNote(p, ' ')
      b.noteOpen = !/[.:;)]$/.test(p)
      continue
    }
    b.noteOpen = false

    if (line.note && !isMarkedHeading(line, b.block)) {
      handleNote(b, p.replace(/^[\s()*_]+/, ''))
      prevText = null
      continue
    }
    if (b.noteQuote) {
      // 'El Tribunal Constitucional… estableció lo siguiente:' and the quoted paragraph.
      b.noteQuote = false
      b.noteList = false
      b.appendToLastNote(p)
      continue
    }
    if (b.noteList && (NOTE_ITEM_RE.test(p) || NOTE_FOLLOW_RE.test(p))) {
      b.appendToLastNote(p)
      continue
    }
    b.noteList = false

    if (CLOSING_RE.test(p)) {
      if (!b.anyUnit) b.addText(line)
      b.close()
      prevText = null
      continue
    }

    // 'Artículo' alone with the number on the next line (OCR).
    let current = line
    let consumed = i
    if (/^(?:Art[íi]culo|ART[ÍI]CULO)$/.test(p)) {
      const j = nextContent(i + 1)
      if (j >= 0 && /^\d{1,4}/.test(lines[j]!.plain)) {
        current = cleanLine(`Artículo ${lines[j]!.plain}`)
        consumed = j
      }
    }
    const quoted = QUOTE_OPEN_RE.test(current.plain)
    const headLine = quoted ? cleanLine(current.raw.replace(/^[*_\s]*[“"«‘'„][*_\s]*/, '')) : current
    const after = nextContent(consumed + 1)
    const continues = after >= 0 && /^\p{Ll}/u.test(lines[after]!.plain)
    const art = ART_KEY_RE.test(headLine.plain) ? parseArticleHead(headLine, wrapped, continues) : null
    if (art && acceptInQuote(b, 'articulo', art) && (!quoted || acceptQuoted(b, 'articulo', art))) {
      i = consumed
      let sumilla: string | null = null
      if (!art.heading && !art.text) {
        const next = headingOnNextLine(lines, i, nextContent)
        if (next) {
          sumilla = next.heading
          i = next.index
        }
      }
      if (!art.heading && sumilla === null) sumilla = b.takeSumilla()
      if (b.block) b.blockItems++
      b.openUnits('articulo', art, sumilla)
      implicitBlock = null
      prevText = null
      continue
    }
    const disp = b.block ? parseDispositionHead(headLine, b.block, continues) : null
    if (disp && acceptInQuote(b, 'disposicion', disp) && (!quoted || acceptQuoted(b, 'disposicion', disp))) {
      b.blockItems++
      b.openUnits('disposicion', disp, disp.heading ? null : b.takeSumilla())
      implicitBlock = null
      prevText = null
      continue
    }
    if (!quoted) {
      let block = parseBlock(p)
      if (!block && /^DISPOSICI(?:[ÓO]N|ONES)$/.test(p)) {
        // 'DISPOSICIONES' / 'COMPLEMENTARIAS FINALES' on two lines.
        const j = nextContent(i + 1)
        block = j >= 0 ? parseBlock(`${p} ${lines[j]!.plain}`) : null
        if (block) i = j
      }
      // Transcribed text rarely carries disposiciones headings in capitals: one ends the transcription
      // (the amended norm's own 'Disposiciones Finales' come in title case).
      const endsQuote = !!block && isUpperDominant(p)
      if (block && (!b.quoteMode || endsQuote)) {
        b.pushBlock(block)
        implicitBlock = block.singular ? block : null
        prevText = null
        continue
      }
      const struct = b.quoteMode ? null : parseStruct(p)
      if (struct) {
        const nameBlock = struct.name ? null : takeStructName(struct, lines, i, nextContent)
        if (struct.nameIndex) i = struct.nameIndex
        b.pushStruct(struct)
        if (nameBlock) {
          // 'TÍTULO VII' + 'DISPOSICIONES COMPLEMENTARIAS, TRANSITORIAS Y DEROGATORIAS'.
          b.block = nameBlock
          b.blockItems = 0
        }
        implicitBlock = nameBlock?.singular ? nameBlock : null
        prevText = null
        continue
      }
    }
    if (NOTE_CONTENT_RE.test(p)) {
      handleNote(b, p)
      prevText = null
      continue
    }
    if (implicitBlock && b.block === implicitBlock && b.blockItems === 0 && !b.tail) {
      b.blockItems++
      b.openUnits('disposicion', implicitUnica(implicitBlock), null)
    }
    implicitBlock = null
    b.addText(line)
    if (b.cur.length && !b.tail && p.length < 2000 && QUOTE_TRIGGER_RE.test(p)) b.quoteMode = true
    prevText = line
  }

  return finish(b, meta)
}

function isAnyHeading(line: Line, block: Block | null): boolean {
  const p = line.plain
  if (CLOSING_RE.test(p) || parseBlock(p) || parseStruct(p) || /^DISPOSICI(?:[ÓO]N|ONES)$/.test(p))
    return true
  if (ART_KEY_RE.test(p) && parseArticleHead(line, false, false)) return true
  return !!block && !!parseDispositionHead(line, block, false)
}

/** '** Artículo 9.- Presunción de validez**' opens with the same asterisks as a note, but is a heading. */
function isMarkedHeading(line: Line, block: Block | null): boolean {
  const p = line.plain
  if (/^\(/.test(line.raw.replace(/^[*_\s]+/, ''))) return false
  if (ART_KEY_RE.test(p)) {
    const n = parseArticleNumber(p)
    return (
      !!n && (isStrongSep(n.sep) || (n.sep !== '' && /^[\p{Lu}[]/u.test(n.rest)) || (!n.rest && n.sep !== ''))
    )
  }
  if (parseStruct(p) || parseBlock(p)) return true
  return !!block && DISP_ITEM_RE.test(p) && /^[^\s.:-]+\s*(?:\.-|\.|-|:)/.test(p)
}

function handleNote(b: Builder, text: string) {
  if (/RECTIFICADO POR FE DE ERRATAS/i.test(text) && text.length < 40) {
    b.addNote('Rectificado por fe de erratas')
    return
  }
  b.addNote(text)
  b.newWording =
    /(?:texto|redacci[óo]n)(?: es| ser[áa]| queda)?(?: el| la)? siguiente:?$|siguiente texto:?$/i.test(text)
  b.noteList = !b.newWording
  b.noteOpen = !/[.:;)]$/.test(text)
  b.noteQuote = /lo siguiente:$/i.test(text) && !b.newWording
}

function implicitUnica(block: Block): Head {
  return {
    number: `unica-${block.slug}`,
    label: `Única ${block.labelWords}`,
    base: null,
    seq: 1,
    range: null,
    plainNumber: false,
    heading: null,
    text: '',
  }
}

/**
 * Quoted headings are transcriptions of other norms, except SPIJ's new wording announced by a note
 * ('…cuyo texto es el siguiente:') and provisions a later law added, quoted in place: the next in sequence.
 */
function acceptQuoted(b: Builder, kind: NormUnitKind, head: Head): boolean {
  if (b.newWording) return true
  const last = b.lastSeq
  if (b.quoteMode || !last || last.kind !== kind || last.seq === null || head.seq === null) return false
  if (kind === 'disposicion' && last.block !== (b.block?.slug ?? '')) return false
  return head.seq === last.seq + 1 || (head.seq === last.seq && head.number.includes('-'))
}

/** In quoted-text mode only the next heading in sequence belongs to the norm itself. */
function acceptInQuote(b: Builder, kind: NormUnitKind, head: Head): boolean {
  if (!b.quoteMode) return true
  const last = b.lastSeq
  if (!last || last.kind !== kind || last.seq === null || head.seq === null) return false
  if (kind === 'disposicion' && last.block !== (b.block?.slug ?? '')) return false
  return head.seq === last.seq + 1
}

/** 'TÍTULO I' then 'DE LA PERSONA Y DE LA SOCIEDAD': takes the name line (and a second capitals line). */
function takeStructName(
  struct: Struct,
  lines: Line[],
  i: number,
  nextContent: (from: number) => number,
): Block | null {
  const j = nextContent(i + 1)
  const cand = j >= 0 ? lines[j]! : null
  if (!cand || !isStructName(cand, lines, j, nextContent)) return null
  struct.name = cleanHeading(cand.plain)
  struct.nameIndex = j
  const nameBlock = parseBlock(cand.plain)
  const k = nextContent(j + 1)
  const more = k >= 0 ? lines[k]! : null
  if (
    more &&
    !nameBlock &&
    isUpperDominant(struct.name) &&
    !/\.$/.test(struct.name) &&
    isNameContinuation(more)
  ) {
    struct.name = `${struct.name} ${cleanHeading(more.plain)}`
    struct.nameIndex = k
  }
  return nameBlock
}

function isStructName(cand: Line, lines: Line[], j: number, nextContent: (from: number) => number): boolean {
  const t = cand.plain
  if (t.length > 200 || cand.note || QUOTE_OPEN_RE.test(t)) return false
  if (ART_KEY_RE.test(t) && parseArticleNumber(t)) return false
  if (parseStruct(t) || CLOSING_RE.test(t) || NOTE_CONTENT_RE.test(t) || ENUM_RE.test(t)) return false
  if (parseBlock(t)) return true
  if (isUpperDominant(t)) return true
  const lr = leadAndRest(cand.raw)
  if ((lr && !lr.rest) || cand.md) return true
  // A mixed-case line right before an article is that article's sumilla, not the chapter's name.
  const k = nextContent(j + 1)
  const after = k >= 0 ? lines[k]! : null
  if (after && ART_KEY_RE.test(after.plain) && parseArticleNumber(after.plain)) return false
  return !/[.;:]$/.test(t) && t.length <= 150
}

function isNameContinuation(l: Line): boolean {
  const t = l.plain
  if (l.note || t.length > 120 || !isUpperDominant(t) || ENUM_RE.test(t)) return false
  if (parseStruct(t) || parseBlock(t) || ART_KEY_RE.test(t) || CLOSING_RE.test(t)) return false
  return !/^(?:EL |LA |POR |CONSIDERANDO|DECRETA|HA DADO|LEY|DECRETO|RESOLUCI)/.test(t) && !/[.;:]$/.test(t)
}

/** `**Artículo 5.-**` alone, and its heading in bold on the next line. */
function headingOnNextLine(
  lines: Line[],
  i: number,
  nextContent: (from: number) => number,
): { heading: string; index: number } | null {
  const j = nextContent(i + 1)
  if (j < 0) return null
  const l = lines[j]!
  const lr = leadAndRest(l.raw)
  if (!lr || lr.rest || !lr.lead || l.note) return null
  const t = cleanHeading(lr.lead)
  if (!isHeadingLike(t, false) || t.length > 150) return null
  if (ART_KEY_RE.test(t) || parseStruct(t) || parseBlock(t) || DISP_ITEM_RE.test(t) || ENUM_RE.test(t))
    return null
  return { heading: t, index: j }
}
