/**
 * The parser's state while it walks a norm's lines: the `Builder` holds the structure stack, the open units
 * (drafts of articles and dispositions with their paragraphs, notes and path), the preamble, the segments
 * into which promulgation formulas and restarted numbering cut the text, and the modes (quoted text, notes,
 * tail after a formula) that decide where the next line goes. Also the paragraph gluing of wrapped lines.
 */
import type { NormUnitKind } from '../../types'
import { cleanHeading, FUNCTION_WORDS } from './headings'
import {
  CLOSING_RE,
  ENUM_RE,
  isUpperDominant,
  type Line,
  leadAndRest,
  NOTE_CONTENT_RE,
  QUOTE_TRIGGER_RE,
} from './lines'
import type { Head } from './numbering'
import { type Block, STRUCT_RANK, type Struct, type StructKind } from './structure'

/** struct: a structure heading kept in the preamble only when the norm has no articles. */
export type Para = { text: string; bold: boolean; struct?: boolean }

export type Draft = {
  kind: NormUnitKind
  number: string
  label: string
  heading: string | null
  paras: Para[]
  notes: string[]
  path: string[]
  base: number | null
  range: [number, number] | null
  plainNumber: boolean
}

type StackEntry = { kind: StructKind | 'DISPOSICIONES'; label: string; unitsSince: number; parent: boolean }

/** Units between promulgation formulas: a TUO after its approving decree, the next norm of a gazette page. */
export type Segment = {
  header: string[]
  drafts: Draft[]
  numbers: Set<string>
  firsts: Set<string>
  dispositions: boolean
}

export class Builder {
  /** Scanned El Peruano pages (epdoc2.elperuano.pe, cdn.www.gob.pe), which hold several norms. */
  readonly gazette: boolean
  constructor(source: string | null) {
    this.gazette = !!source && /elperuano\.pe|cdn\.www\.gob\.pe/.test(source)
  }
  readonly warnings: string[] = []
  readonly normNotes: string[] = []
  readonly preamble: Para[] = []
  readonly segments: Segment[] = [newSegment([])]
  stack: StackEntry[] = []
  /** Which structure kinds were seen above which: documents disagree on whether SECCIÓN is above TÍTULO. */
  readonly ancestors = new Set<string>()
  block: Block | null = null
  blockItems = 0
  /** The units the next text and notes belong to (several for an expanded repealed range). */
  cur: Draft[] = []
  anyUnit = false
  /** After a promulgation formula: signatures, annexes, other norms of the gazette page… or, when the formula
   * was only quoted, the same norm going on. The next unit decides which (see endTailInto). */
  tail = false
  tailParas: Para[] = []
  tailNotes: string[] = []
  /** Structure before the formula, restored if the norm goes on. */
  savedStack: StackEntry[] = []
  savedBlock: Block | null = null
  structSinceClose = false
  quoteMode = false
  /** A note said the following text is the new wording ('cuyo texto es el siguiente:'). */
  newWording = false
  noteList = false
  noteQuote = false
  /** The last note stopped mid-sentence: the next line, if not after a blank, continues it. */
  noteOpen = false
  lastSeq: { kind: NormUnitKind; seq: number | null; block: string } | null = null
  lastPara: { list: Para[]; para: Para } | null = null

  get segment(): Segment {
    return this.segments[this.segments.length - 1]!
  }

  pushStruct(s: Struct) {
    const label = `${s.kind} ${s.designator}${s.name ? `. ${s.name}` : ''}`
    this.structSinceClose = true
    if (!this.anyUnit && !this.tail) this.preamble.push({ text: label, bold: true, struct: true })
    while (this.stack.length && this.stack[this.stack.length - 1]!.kind === 'DISPOSICIONES') this.stack.pop()
    const at = this.stack.findIndex((e) => e.kind === s.kind)
    if (at >= 0) {
      this.stack.length = at
    } else {
      while (this.stack.length) {
        const top = this.stack[this.stack.length - 1]!
        if (top.kind === 'DISPOSICIONES') break
        const known = this.ancestors.has(`${top.kind}>${s.kind}`)
        if (!known && STRUCT_RANK[top.kind] >= STRUCT_RANK[s.kind]) this.stack.pop()
        else break
      }
    }
    const parent = this.stack[this.stack.length - 1]
    if (parent && parent.kind !== 'DISPOSICIONES') this.ancestors.add(`${parent.kind}>${s.kind}`)
    this.stack.push({ kind: s.kind, label, unitsSince: 0, parent: false })
    this.block = null
    this.quoteMode = false
    this.lastPara = null
  }

  pushBlock(block: Block) {
    this.structSinceClose = true
    if (!this.anyUnit && !this.tail) this.preamble.push({ text: block.title, bold: true, struct: true })
    const top = this.stack[this.stack.length - 1]
    if (top?.kind === 'DISPOSICIONES' && top.unitsSince === 0) {
      // 'DISPOSICIONES COMPLEMENTARIAS' then 'DISPOSICIONES FINALES': the first one is a parent heading.
      top.parent = true
    } else {
      while (this.stack.length) {
        const t = this.stack[this.stack.length - 1]!
        if (t.kind === 'DISPOSICIONES' && !t.parent) this.stack.pop()
        else break
      }
      const t = this.stack[this.stack.length - 1]
      if (!(t?.kind === 'DISPOSICIONES' && t.parent)) this.stack = []
    }
    this.stack.push({ kind: 'DISPOSICIONES', label: block.title, unitsSince: 0, parent: false })
    this.block = block
    this.blockItems = 0
    this.quoteMode = false
    this.lastPara = null
  }

  addNote(text: string) {
    const note = text.replace(/^[\s()*_.:\-–]+/, '').trim()
    if (!note) return
    if (this.tail && this.anyUnit) this.tailNotes.push(note)
    else if (this.cur.length) for (const d of this.cur) d.notes.push(note)
    else this.normNotes.push(note)
    this.lastPara = null
  }

  appendToLastNote(text: string, glue = '\n') {
    const extra = text.replace(/^[\s*_]+/, '').trim()
    const lists =
      this.tail && this.anyUnit
        ? [this.tailNotes]
        : this.cur.length
          ? this.cur.map((d) => d.notes)
          : [this.normNotes]
    for (const list of lists) {
      if (list.length) list[list.length - 1] += `${glue}${extra}`
      else list.push(extra)
    }
  }

  addText(line: Line) {
    const text = line.plain.replace(/\[(derogad[oa]s?)\]/gi, '($1)')
    const lr = leadAndRest(line.raw)
    const bold = !!lr && !lr.rest
    let list: Para[]
    if (this.tail && this.anyUnit) {
      list = this.tailParas
    } else if (this.cur.length) {
      for (const d of this.cur.slice(1)) appendPara(d.paras, text, bold)
      list = this.cur[0]!.paras
    } else {
      list = this.preamble
      this.segment.header.push(text)
    }
    const para = appendPara(list, text, bold)
    this.lastPara = para ? { list, para } : null
  }

  /** SPIJ puts the article's heading (sumilla) on the line before 'Artículo N.-'. */
  takeSumilla(): string | null {
    const last = this.lastPara
    if (!last || last.list[last.list.length - 1] !== last.para) return null
    const t = last.para.text
    if (t.length > 150 || t.split(' ').length > 20) return null
    if (!/^[\p{Lu}¿]/u.test(t) || ENUM_RE.test(t) || isUpperDominant(t)) return null
    if (/[;:,]$/.test(t) || (/\.$/.test(t) && !last.para.bold)) return null
    if (CLOSING_RE.test(t) || /^(?:Con el voto|Ha dado|Lima,|Dado en|POR )/i.test(t)) return null
    last.list.pop()
    this.lastPara = null
    return cleanHeading(t)
  }

  openUnits(kind: NormUnitKind, head: Head, sumilla: string | null) {
    if (this.tail && this.anyUnit) endTailInto(this, kind, head)
    else if (this.anyUnit && kind === 'articulo' && head.seq === 1 && !this.quoteMode) {
      // Numbering that starts again without a promulgation formula: a table of contents before the text, or,
      // on gazette pages, the next norm — there an article 1 after another first article ('Artículo único',
      // not the Roman 'I' of a Título Preliminar) or after dispositions is enough.
      const seg = this.segment
      const prev = this.cur[0]
      const roman = (n: string) => n === 'I'
      const again = this.gazette
        ? [...seg.firsts].some((n) => roman(n) === roman(head.number)) || seg.dispositions
        : seg.firsts.has(head.number)
      if (again && prev?.number !== head.number) {
        this.segments.push(newSegment((prev?.paras ?? []).slice(-12).map((p) => p.text)))
        // The old norm's headings go; its disposiciones block stays armed, since gazette columns often lose
        // the next norm's own block heading.
        this.stack = this.stack.filter((e) => e.unitsSince === 0)
      }
    }
    this.tail = false
    this.quoteMode = false
    this.newWording = false
    this.noteList = false
    this.noteQuote = false
    this.anyUnit = true
    const path = this.stack.map((e) => e.label)
    for (const e of this.stack) e.unitsSince++
    const heading = head.heading ?? sumilla
    const make = (number: string, label: string, base: number | null, plainNumber: boolean): Draft => ({
      kind,
      number,
      label,
      heading,
      paras: [],
      notes: [],
      path,
      base,
      range: null,
      plainNumber,
    })
    const range = head.range
    if (range && range[1] - range[0] <= 200 && /^\(Derogad[oa]s?\)$/i.test(head.text.trim())) {
      // 'Artículos 70-75.- [Derogado]': one unit per article, so a citation of any of them finds its status.
      this.cur = []
      for (let n = range[0]; n <= range[1]; n++) this.cur.push(make(String(n), `Artículo ${n}`, n, true))
    } else {
      this.cur = [{ ...make(head.number, head.label, head.base, head.plainNumber), range }]
    }
    this.segment.drafts.push(...this.cur)
    for (const d of this.cur) this.segment.numbers.add(`${kind}:${d.number}`)
    if (kind === 'articulo' && head.seq === 1) this.segment.firsts.add(head.number)
    if (kind === 'disposicion') this.segment.dispositions = true
    if (NOTE_CONTENT_RE.test(head.text)) {
      // 'QUINTA.- Disposición Final derogada por el Artículo 100 de…': history, not text.
      for (const d of this.cur) d.notes.push(head.text)
    } else if (head.text) {
      for (const d of this.cur) appendPara(d.paras, head.text, false)
    }
    this.quoteMode = head.text.length < 2000 && QUOTE_TRIGGER_RE.test(head.text)
    this.lastPara = null
    this.lastSeq = {
      kind,
      seq: range ? range[1] : head.seq,
      block: kind === 'disposicion' ? (this.block?.slug ?? '') : '',
    }
  }

  /** 'POR TANTO', 'Dado en la Casa de Gobierno…': the norm's own text is over until a new unit appears. */
  close() {
    // What follows (a TUO, a regulation, the next norm of the gazette page) has its own structure.
    if (!this.tail) {
      this.savedStack = this.stack
      this.savedBlock = this.block
      this.tailParas = []
      this.tailNotes = []
    }
    this.stack = []
    this.block = null
    this.structSinceClose = false
    this.tail = true
    this.quoteMode = false
    this.newWording = false
    this.lastPara = null
  }
}

function newSegment(header: string[]): Segment {
  return { header, drafts: [], numbers: new Set(), firsts: new Set(), dispositions: false }
}

/**
 * The first unit after a promulgation formula. If the numbering starts again (article 1 of the TUO after its
 * approving decree, the next norm of a gazette page) a new segment begins and the text in between is its
 * header; otherwise the formula was quoted inside the norm, which goes on as if nothing happened.
 */
function endTailInto(b: Builder, kind: NormUnitKind, head: Head) {
  const seg = b.segment
  // A first article ('1', 'I', 'primero', 'único') after the formula also opens a new norm.
  const restart = seg.numbers.has(`${kind}:${head.number}`) || (kind === 'articulo' && head.seq === 1)
  if (restart) {
    b.segments.push(newSegment(b.tailParas.map((p) => p.text)))
  } else {
    const prev = b.cur[0]
    if (prev) {
      for (const para of b.tailParas) prev.paras.push(para)
      prev.notes.push(...b.tailNotes)
    }
    if (!b.structSinceClose) {
      b.stack = b.savedStack
      b.block = b.savedBlock
    }
  }
  b.tailParas = []
  b.tailNotes = []
}

/** Adds a line as a paragraph, or glues it to the previous one when OCR or wrapping cut a sentence. */
function appendPara(list: Para[], text: string, bold: boolean): Para | null {
  if (!text) return null
  const prev = list[list.length - 1]
  if (prev && !ENUM_RE.test(text)) {
    if (/\p{L}-$/u.test(prev.text) && /^\p{Ll}/u.test(text)) {
      prev.text = prev.text.slice(0, -1) + text
      return prev
    }
    // A line that stops mid-sentence ('…lo dispuesto en el') goes on in the next one.
    const openEnd = /[\p{Ll},]$/u.test(prev.text)
    const tail = prev.text.slice(prev.text.lastIndexOf(' ') + 1)
    if (openEnd && (/^\p{Ll}/u.test(text) || (!prev.bold && FUNCTION_WORDS.has(tail)))) {
      prev.text += ` ${text}`
      return prev
    }
  }
  const para = { text, bold }
  list.push(para)
  return para
}
