/**
 * Lines of a norm's body: cleaning each source line into a `Line` (links, HTML, entities and escapes removed;
 * a plain-words version beside the one that keeps Markdown emphasis; note and link-only flags), splitting
 * OCR lines that glue a capitals title to an article, small text helpers (emphasis lead, capitals ratio,
 * accent stripping), and the regexes that classify a cleaned line (web debris, editorial commentary,
 * concordancias, promulgation formulas, publisher notes, quoted transcriptions, enumerations).
 */

import { decodeEntities } from '../entity-debris'

export type Line = {
  /** Cleaned of links, HTML and escapes, but still with markdown emphasis (needed to find bold headings). */
  raw: string
  /** The words only: no emphasis, no '#', no publisher '(*)' markers, single spaces. */
  plain: string
  /** Starts with a publisher note marker: '* ', '** ', '(*)'. */
  note: boolean
  /** Was a markdown '#' heading. */
  md: boolean
  /** Made only of links (SPIJ concordancias, debate PDFs): never law text. */
  linkOnly: boolean
}

const LINK_RE = /\[([^\]]*)\]\(([^)]*)\)/g
const IMAGE_RE = /!\[[^\]]*\]\([^)]*\)/g
const URL_RE = /(?:https?:\/\/|www\.)[^\s)\]]+|\b(?:lpd\.pe|bit\.ly)\/[^\s)\]]*/g
const PUBLISHER_URL_RE =
  /lpderecho|lpd\.pe|bit\.ly|spij|elperuano|facebook|twitter|whatsapp|t\.me|youtu|instagram|linkedin|tiktok|goo\.gl|google/i
const NOTE_MARK_RE = /^(?:[*_]*\s*\(\*{1,4}\)|\*{1,4}\s)/

export function cleanLine(input: string): Line {
  let s = input
  if (/[\u00a0\u2007\u202f\t\u200b-\u200d\ufeff]/.test(s)) {
    s = s.replace(/[\u00a0\u2007\u202f\t]/g, ' ').replace(/[\u200b-\u200d\ufeff]/g, '')
  }
  s = s.trim()
  if (!s) return BLANK
  if (s.includes('\\')) s = s.replace(/\\([\\`*_{}[\]()#+\-.!|>~"'<])/g, '$1')
  // Entities of every name: the publisher's HTML wrote accents as '&oacute;' in about 1,400 norms.
  if (s.includes('&')) s = decodeEntities(s).replace(/[\u00a0\u2007\u202f]/g, ' ')
  if (s.includes('<')) s = s.replace(/<\/?[a-zA-Z][^<>]{0,300}>/g, ' ')
  let linkOnly = false
  if (s.includes('](')) {
    s = s.replace(IMAGE_RE, ' ')
    const withoutLinks = s.replace(LINK_RE, ' ')
    linkOnly = withoutLinks !== s && !/[\p{L}\p{N}]/u.test(withoutLinks)
    s = s.replace(LINK_RE, (_m, text: string) => (/^\s*(?:https?:|www\.)/.test(text) ? ' ' : text))
  }
  if (s.includes('(link:')) s = s.replace(/\s*\(link:[^)]*\)/gi, '')
  if (s.includes('http') || s.includes('www.') || s.includes('lpd.pe') || s.includes('bit.ly')) {
    // Publisher and social links go; a portal the law itself names ('www.gob.pe') is the law's text.
    const before = s
    s = s.replace(URL_RE, (url) => (PUBLISHER_URL_RE.test(url) || /^https?:/.test(url) ? ' ' : url))
    if (s !== before && !/[\p{L}\p{N}]/u.test(s.replace(/[*_#>()[\]]/g, ''))) linkOnly = true
  }
  let md = false
  const hashes = /^#{1,6}(?!#)\s*/.exec(s)
  if (hashes) {
    md = true
    s = s.slice(hashes[0].length)
  }
  s = s.replace(/^>\s*/, '').trim()
  const plain = toPlain(s)
  // '## ** DECRETO SUPREMO ****N° 003-97-TR**' is a bold title with a stray space, not a '** ' note.
  const boldTitle = md || (/^\*\*\s.*\*\*$/.test(s) && !/^\*\*\s*\(/.test(s))
  const note = NOTE_MARK_RE.test(s) && (!boldTitle || NOTE_CONTENT_RE.test(plain.replace(/^[\s()]+/, '')))
  if (!plain) return linkOnly ? { ...BLANK, linkOnly } : BLANK
  return { raw: s, plain, note, md, linkOnly }
}

const BLANK: Line = { raw: '', plain: '', note: false, md: false, linkOnly: false }

/** Drops emphasis, '(*)' note markers and stray markdown; keeps the words. */
function toPlain(s: string): string {
  let out = s
  if (out.includes('RECTIFICADO POR FE DE ERRATAS'))
    out = out.replace(/\s*RECTIFICADO POR FE DE ERRATAS\s*/g, ' ')
  if (out.includes('NOTA SPIJ')) out = out.replace(/\s*NOTA SPIJ\s*/g, ' ')
  // SPIJ sometimes glues its concordancias to the end of a paragraph: '…pertinentes”CONCORDANCIA: D.S. Nº…'.
  if (out.includes('CONCORDANCIA')) out = out.replace(/(?<=\S)\s*CONCORDANCIAS?\s*:.*$/, '')
  if (out.includes('*')) {
    // SPIJ's bold sometimes splits a word: '**A** **rtículo 10.-**'.
    out = out.replace(/(?<!\p{L})([A-ZÁÉÍÓÚ])\*+ ?\*+(?=\p{Ll})/gu, '$1').replace(/\*+/g, '')
  }
  if (out.includes('_')) out = out.replace(/(?<!_)__?(?!_)/g, '')
  if (out.includes('(')) out = out.replace(/\(\s*\)/g, '')
  if (out.includes('#')) out = out.replace(/#{2,}/g, ' ')
  return out.replace(/\s{2,}/g, ' ').trim()
}

/**
 * Splits a line into its leading emphasised run and the rest: `**Artículo 1.-** La ley…` → lead
 * 'Artículo 1.-', rest 'La ley…'. Segments between emphasis markers that hold no letters (' ', '.- [') do not
 * end the run, which covers `**Artículo 1** **. Objeto**` and `**Artículo 5****.- [*Derogado*]***`.
 */
export function leadAndRest(raw: string): { lead: string; rest: string } | null {
  if (raw[0] !== '*' && !(raw[0] === '_' && raw.includes('*'))) return null
  const parts = raw.split(/\*+/)
  if (/[\p{L}\p{N}]/u.test(parts[0] ?? '')) return null
  let lead = ''
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] ?? ''
    if (i % 2 === 0 && /[\p{L}\p{N}]/u.test(part)) {
      return { lead: toPlain(lead), rest: toPlain(parts.slice(i).join(' ')) }
    }
    lead += part
  }
  return { lead: toPlain(lead), rest: '' }
}

function upperRatio(s: string): number {
  let upper = 0
  let letters = 0
  for (const ch of s) {
    const lower = ch.toLowerCase()
    const up = ch.toUpperCase()
    if (lower === up) continue
    letters++
    if (ch === up) upper++
  }
  return letters ? upper / letters : 0
}

export const isUpperDominant = (s: string): boolean => s.length > 2 && upperRatio(s) > 0.75

export const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '')

/** El Peruano OCR glues a capitals title to the next article: 'CAPÍTULO ÚNICO MEDIDAS Artículo 73. …'. */
const RUN_IN_RE = /^([^a-záéíóúñ]{3,}?)\s+(Art[íi]culo\s+\d+[°º]?\s*(?:\.\s*-|\.|-|–))/
const RUN_IN_TAIL_RE =
  /\b(?:EL|LA|LOS|LAS|DEL|DE|AL|Y|E|CON|EN|SU|SUS|PARA|POR|SEGÚN|CONFORME|QUE|MODIFICA|INCORPORA|DEROGA|SUSTITUYE|ARTÍCULO|ARTICULO)$/

export function prepareLines(body: string): Line[] {
  const out: Line[] = []
  for (const text of body.split(/\r\n|\n|\r/)) {
    const line = cleanLine(text)
    const m = line.plain.length > 12 && !line.note ? RUN_IN_RE.exec(line.plain) : null
    const prefix = m?.[1]?.trim()
    if (m && prefix && /\p{Lu}{3}/u.test(prefix) && !RUN_IN_TAIL_RE.test(prefix)) {
      out.push(cleanLine(prefix), cleanLine(line.plain.slice(m[1]!.length).trim()))
      continue
    }
    const closing = line.note ? null : CLOSING_IN_LINE_RE.exec(line.plain)
    if (closing && closing.index > 0) {
      out.push(
        cleanLine(line.plain.slice(0, closing.index).trim()),
        cleanLine(line.plain.slice(closing.index)),
      )
      continue
    }
    out.push(line)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Line classification

export const DEBRIS_RE =
  /^(?:[-•]\s*)?(?:Ver jurisprudencia\b|Inscr[íi]bete aqu[íi]|Lea tambi[ée]n\b|Revise tambi[ée]n\b|Para ubicar de manera r[áa]pida|(?:Haga |Haz )?[Cc]lic(?:k|k)? aqu[íi]|Descarg(?:ue|a|ar)\b.{0,80}\b(?:PDF|aqu[íi])|NOTA SPIJ$|PROCESOS CONSTITUCIONALES$|JURISPRUDENCIA(?: DE LA CORTE SUPREMA DE JUSTICIA| RELEVANTE)?:?$|Â$|Fecha de publicaci[óo]n:)/i
export const EDITORIAL_RE = /^Jurisprudencia relevante(?: y actual)?:?$/i
export const END_RE =
  /^(?:Comentarios:|ART[ÍI]CULOS RELACIONADOS|M[ÁA]S LE[ÍI]DOS|LO [ÚU]LTIMO$|M[ÁA]S DEL AUTOR|Te puede interesar|Publicidad$|Suscr[íi]bete\b|Compartir(?: en| este|$)|Comp[áa]rtelo|©)/i
export const CONCORD_RE = /^(?:OTRAS\s+)?CONCORDANCIAS?\b/i
export const CITATION_RE =
  /^(?:[-–•]\s*)?(?:D\.\s?S\.|D\.\s?U\.|D\.\s?Leg|D\.\s?L\.|D\.\s?Ley|R\.\s?M\.|R\.\s?D\.|R\.\s?S\.|R\.\s?J\.|R\.\s?A\.|R\.\s?Leg|R\.\s?LEG|R\.\s?N|R\.\s?Nº|Res\.|R\.|L\.|Ley\b|LEY\b|Const|Decreto|DECRETO|Directiva|DIRECTIVA|Resoluci[óo]n|RESOLUCI|EXP|Exp|Anexo|ANEXO|C[óo]digo|C\.\s?(?:P|C|T|de\s?C|P\.\s?C|P\.\s?P)\.?|Acuerdo|Oficio|Casaci|Art\.|Arts\.|Reglamento|REGLAMENTO|Ordenanza|Convenio|T\.\s?U\.\s?O|TUO|Pleno)/
/** The congress's address to the president before the formula ('AL SEÑOR PRESIDENTE … DE LA REPÚBLICA'). */
const TO_THE_PRESIDENT = 'A(?:L| LA) SE[ÑN]ORA? PRESIDENTE?A? (?:CONSTITUCIONAL )?DE LA REP[ÚU]BLICA'
export const CLOSING_RE = new RegExp(
  String.raw`^(?:POR TANTO\b|Mando se publique|Dad[oa] en la Casa de Gobierno|Casa del Congreso, en Lima|Comun[íi]quese al (?:se[ñn]or )?Presidente de la Rep[úu]blica|${TO_THE_PRESIDENT}(?:\s+POR TANTO\b|$)|Reg[íi]strese,? comun[íi]quese|En Lima, a los\b)`,
  'i',
)
/**
 * A promulgation formula in the middle of a line: El Peruano's OCR runs the last article, the signatures and the
 * formula together ('…de su publicación. POR TANTO: Habiendo sido reconsiderada…', '…del Congreso de la República A
 * LA SEÑORA PRESIDENTA DE LA REPÚBLICA POR TANTO: Mando se publique…'). Unsplit, the next norms of the gazette page
 * (a ministry's resolution, a travel permit) were read as the article's text. Only the formula's own words split a
 * line: 'por tanto' in a sentence is followed by anything else.
 */
const CLOSING_IN_LINE_RE = new RegExp(
  String.raw`(?<=\S\s+)(?:${TO_THE_PRESIDENT}\s+POR TANTO\b|POR TANTO\b:?\s*(?:$|Mando se publique|Habiendo sido reconsiderada|No habiendo sido promulgada))`,
)
/** Notes without a marker: 'Artículo modificado por…', 'Párrafo incorporado mediante…', 'Texto según…'. */
export const NOTE_CONTENT_RE =
  /^(?:\(\d{1,2}\)\s*)?(?:Art[íi]culos?|P[áa]rrafos?|Literal(?:es)?|Incisos?|Numeral(?:es)?|Disposici[óo]n(?:es)?|Cap[íi]tulos?|T[íi]tulos?|Secci[óo]n(?:es)?|Subcap[íi]tulos?|Denominaci[óo]n|Sumilla|R[óo]tulo|Ep[íi]grafe|Primer|Segundo|Tercer|[ÚU]ltimo)\b[^.:]{0,60}?\b(?:modificad|incorporad|derogad|sustituid|adicionad|agregad|reubicad|suspendid|precisad|rectificad|restituid|dejad)[oa]s?\s+(?:por|mediante|en virtud|conforme|de conformidad|sin efecto)\b|^Texto (?:según|conforme|modificado|vigente|actualizado)\b/i
/** Items of a note's list of amending norms: 'Artículo único de la Ley 31305, publicada el…', '1. Ley 30076, publicada…'. */
export const NOTE_ITEM_RE =
  /^(?:\d{1,2}\.\s+)?(?:Art[íi]culos?|Art\.|Ley|Decreto|D\.\s?Leg|DL|D-L|D\.\s?L|D\.\s?S|DS|Resoluci[óo]n|[ÚU]nica|[A-ZÁÉÍÓÚ][a-záéíóú]+ Disposici[óo]n|Disposici[óo]n)\b.*\bpublicad[oa]s?\b/
/** Later history appended to a note: 'Finalmente, fue derogado por el DL 1323, publicado…'. */
export const NOTE_FOLLOW_RE =
  /^(?:Finalmente|Luego|Posteriormente|Despu[ée]s|Asimismo|Adem[áa]s|Cabe precisar|Valga precisar|De conformidad con (?:el|la|los) (?:Resolutivo|punto resolutivo|Exp|sentencia|Informe))\b.{0,160}\b(?:modificad|derogad|incorporad|sustituid|declarad|publicad)[oa]s?\b/i
export const QUOTE_OPEN_RE = /^[“"«‘'„]/
/** A law that transcribes the articles it amends announces it: '…queda redactado en los términos siguientes:'. */
export const QUOTE_TRIGGER_RE =
  /(?:modif[ií]c|incorp[oó]r|sustit[uú]y|agr[eé]g|adici[oó]n|restit|reempl[aá]z|insert|redact)[\s\S]*(?:siguiente|redactad|texto|tenor|t[ée]rminos)[^:]*:$/i
export const ENUM_RE = /^(?:[a-zñ]{1,2}[).]|[ivxlc]{1,5}[).]|\d{1,3}(?:\.\d{1,3})*[.)-]|[-–•·])(?:\s|$)/
export const BYLINE_RE = /\s-\s\d{1,2}\s[a-z]+,\s\d{4}/
