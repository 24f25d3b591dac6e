/**
 * Finishing a parsed norm: choosing the segment that is the norm itself (the others go to the preamble or
 * are dropped), removing table-of-contents entries and SPIJ's repeated rewordings, turning drafts into
 * articles with unique numbers, capping huge texts, cleaning the lpderecho intro out of the preamble, and
 * warning about gaps in the article numbering.
 */
import type { NormArticle, NormMeta, ParsedNorm } from '../../types'
import type { Builder, Draft, Para, Segment } from './builder'
import { VERBISH_RE } from './headings'
import { BYLINE_RE } from './lines'

/** Safety net against annexes and web debris swallowed by the last article. */
const MAX_TEXT_CHARS = 20_000
/** More gap warnings than this are summarised: past that point the numbering is OCR noise. */
const MAX_GAP_WARNINGS = 12

export function finish(b: Builder, meta: NormMeta): ParsedNorm {
  const warnings = b.warnings
  const segs = b.segments.filter((s) => s.drafts.length)
  let primary = 0
  if (segs.length > 1) {
    // Size is the amount of text: a table of contents is a long list of bare headings.
    const size = (seg: Segment) =>
      seg.drafts.reduce((n, d) => n + d.paras.reduce((m, p) => m + p.text.length, 0), 0)
    primary = segs.reduce((best, seg, i) => (size(seg) > size(segs[best]!) ? i : best), 0)
    const id = /^(?:LEY|DLEG|DL|DU|RL|LEY-REFORMA|DS)-(\d{2,5})-\d{4}$/.exec(meta.identifier)
    if (id) {
      const num = Number(id[1])
      const re = new RegExp(`(?:N\\S{0,2}|NRO\\.?|NÚMERO)\\s*0*${num}(?!\\d)`, 'i')
      const hits = segs.map((s, i) => (s.header.some((h) => re.test(h)) ? i : -1)).filter((i) => i >= 0)
      // The header names the norm (gazette pages hold several), unless that part is only the approving decree.
      const hit = hits.length === 1 ? hits[0]! : -1
      if (hit >= 0 && size(segs[hit]!) * 3 >= size(segs[primary]!)) primary = hit
    }
    const before = segs.slice(0, primary)
    const after = segs.slice(primary + 1)
    if (before.length) {
      const n = before.reduce((acc, s) => acc + s.drafts.length, 0)
      for (const s of before) {
        for (const d of s.drafts) {
          if (!d.paras.length) continue
          const head = `${d.label}.${d.heading ? ` ${d.heading}.` : ''}`
          b.preamble.push({ text: head, bold: false })
          for (const para of d.paras) b.preamble.push(para)
        }
      }
      warnings.push(
        `La numeración se reinicia: ${n} unidades anteriores (norma aprobatoria, índice u otra norma de la misma página) se pasaron al preámbulo`,
      )
    }
    if (after.length) {
      const n = after.reduce((acc, s) => acc + s.drafts.length, 0)
      warnings.push(
        `Se descartaron ${n} unidades posteriores que reinician la numeración (otra norma de la misma página o un anexo)`,
      )
    }
  }
  const drafts = dropIndexEntries(segs[primary]?.drafts ?? [])
  const merged = mergeRewordings(drafts)
  const articles = toArticles(merged, warnings)
  checkNumbering(merged, warnings)

  const hasUnits = articles.length > 0
  let pre = b.preamble.filter((p) => !hasUnits || !p.struct)
  if (meta.source && /lpderecho/.test(meta.source)) pre = dropLpIntro(pre)
  const preamble = pre
    .map((p) => p.text)
    .join('\n\n')
    .trim()
  return {
    meta,
    preamble: preamble ? capText(preamble, 'El preámbulo', warnings) : null,
    articles,
    warnings,
    notes: b.normNotes,
  }
}

/** lpderecho pages open with menus, category links and a byline before the law: drop up to the byline. */
function dropLpIntro(pre: Para[]): Para[] {
  const limit = Math.min(pre.length, 15)
  for (let i = 0; i < limit; i++) if (BYLINE_RE.test(pre[i]!.text)) return pre.slice(i + 1)
  return pre.filter((p) => !/^Inicio\b/.test(p.text))
}

/** A table of contents lists headings that come back later with their text: keep only the real ones. */
function dropIndexEntries(drafts: Draft[]): Draft[] {
  const withBody = new Set(
    drafts.filter((d) => d.paras.length || d.notes.length).map((d) => `${d.kind}:${d.number}`),
  )
  const seen = new Set<string>()
  return drafts.filter((d) => {
    const key = `${d.kind}:${d.number}`
    const empty = !d.paras.length && !d.notes.length
    const keep = !(empty && withBody.has(key) && !seen.has(key))
    if (keep) seen.add(key)
    return keep
  })
}

/**
 * SPIJ prints an article, then '(*) Artículo modificado por…, cuyo texto es el siguiente:' and the article
 * again with its new wording: keep one unit with the current text and the history in its notes.
 */
function mergeRewordings(drafts: Draft[]): Draft[] {
  const out: Draft[] = []
  for (const d of drafts) {
    const prev = out[out.length - 1]
    if (
      prev &&
      prev.number === d.number &&
      prev.kind === d.kind &&
      prev.notes.some((n) => /modific|sustitu|texto|incorpor|rectific/i.test(n))
    ) {
      prev.paras = d.paras
      prev.heading = d.heading ?? prev.heading
      prev.notes.push(...d.notes)
      continue
    }
    out.push(d)
  }
  return out
}

function toArticles(drafts: Draft[], warnings: string[]): NormArticle[] {
  const seen = new Map<string, number>()
  return drafts.map((d, ordinal) => {
    const count = (seen.get(d.number) ?? 0) + 1
    seen.set(d.number, count)
    let number = d.number
    if (count > 1) {
      number = `${d.number}~${count}`
      warnings.push(`${d.label} aparece ${count} veces; la repetición se numeró «${number}»`)
    }
    let text = capText(
      dropDanglingQuotes(d.paras.map((p) => p.text))
        .join('\n\n')
        .trim(),
      d.label,
      warnings,
    )
    // A whole sentence taken for a heading, with nothing after it, is the text.
    let heading = d.heading
    if (
      !text &&
      heading &&
      (/[.;:]$/.test(heading) || heading.length > 120 || VERBISH_RE.test(` ${heading} `))
    ) {
      text = heading
      heading = null
    }
    // A repealed provision keeps a unit, so that citing it finds its status.
    if (!text && d.notes.some((n) => /\bderogad[oa]s?\b/i.test(n))) {
      text = d.kind === 'disposicion' ? '(Derogada)' : '(Derogado)'
    }
    return { kind: d.kind, number, label: d.label, heading, text, notes: d.notes, path: d.path, ordinal }
  })
}

/**
 * The closing quote of a transcribed new wording whose opening quote went with the heading ('…regulan.”'),
 * counted over the whole unit so that a quotation spanning paragraphs keeps its closing mark.
 */
function dropDanglingQuotes(paras: string[]): string[] {
  let curly = 0
  let straight = 0
  return paras.map((text) => {
    curly += (text.match(/[“«]/g) ?? []).length - (text.match(/[”»]/g) ?? []).length
    straight += (text.match(/"/g) ?? []).length
    const m = /\s*([”"»])(?=[.;,]?$)/.exec(text)
    if (!m) return text
    const dangling = m[1] === '"' ? straight % 2 === 1 : curly < 0
    if (!dangling) return text
    if (m[1] === '"') straight--
    else curly++
    return text.slice(0, m.index) + text.slice(m.index + m[0].length)
  })
}

function capText(text: string, what: string, warnings: string[]): string {
  if (text.length <= MAX_TEXT_CHARS) return text
  let cut = text.lastIndexOf('\n\n', MAX_TEXT_CHARS)
  if (cut < MAX_TEXT_CHARS / 2) cut = text.lastIndexOf(' ', MAX_TEXT_CHARS)
  if (cut < MAX_TEXT_CHARS / 2) cut = MAX_TEXT_CHARS
  warnings.push(
    `${what} excede ${MAX_TEXT_CHARS} caracteres: se truncó (${text.length - cut} caracteres omitidos)`,
  )
  return text.slice(0, cut).trimEnd()
}

function checkNumbering(drafts: Draft[], warnings: string[]) {
  const present = new Set<number>()
  for (const d of drafts) {
    if (d.kind !== 'articulo') continue
    if (d.range) for (let n = d.range[0]; n <= d.range[1] && n - d.range[0] <= 2000; n++) present.add(n)
    else if (d.plainNumber && d.base !== null) present.add(d.base)
  }
  if (present.size < 2) return
  const sorted = [...present].sort((x, y) => x - y)
  const gaps: string[] = []
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!
    const z = sorted[i]!
    if (z - a <= 1) continue
    if (z - a > 200) gaps.push(`La numeración salta del artículo ${a} al ${z}`)
    else if (z - a === 2) gaps.push(`Falta el artículo ${a + 1}`)
    else gaps.push(`Faltan los artículos ${a + 1} a ${z - 1}`)
  }
  if (gaps.length > MAX_GAP_WARNINGS) {
    warnings.push(
      ...gaps.slice(0, MAX_GAP_WARNINGS),
      `… y ${gaps.length - MAX_GAP_WARNINGS} huecos más en la numeración`,
    )
  } else {
    warnings.push(...gaps)
  }
}
