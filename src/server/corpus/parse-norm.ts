/**
 * Parser of one legalize-pe norm (Markdown with YAML front matter) into articles and dispositions.
 *
 * The input comes from three very different publishers (lpderecho.pe editorial pages, SPIJ's indented HTML
 * dumps, OCR of El Peruano gazette pages), so the parser works line by line with small, anchored regexes
 * (linear time, no backtracking traps) and a little state: the structure stack, the open unit, the
 * disposiciones block, and a "quoted text" mode for laws that transcribe the articles they amend.
 * Pure function: no I/O.
 */
import { parse as parseYaml } from 'yaml'
import type { NormArticle, NormMeta, NormUnitKind, ParsedNorm } from './types'

export class NormParseError extends Error {
  readonly fileName: string
  constructor(fileName: string, message: string) {
    super(`${fileName}: ${message}`)
    this.name = 'NormParseError'
    this.fileName = fileName
  }
}

/** Safety net against annexes and web debris swallowed by the last article. */
const MAX_TEXT_CHARS = 20_000
/** More gap warnings than this are summarised: past that point the numbering is OCR noise. */
const MAX_GAP_WARNINGS = 12

// ---------------------------------------------------------------------------------------------------------
// Front matter

type FrontMatter = { meta: NormMeta; body: string }

function splitFrontMatter(markdown: string, fileName: string): FrontMatter {
  const text = markdown.replace(/^\uFEFF/, '')
  const open = /^---[ \t]*\r?\n/.exec(text)
  if (!open) throw new NormParseError(fileName, 'la norma no tiene encabezado YAML (front matter)')
  const close = /^(?:---|\.\.\.)[ \t]*$/m
  const rest = text.slice(open[0].length)
  const end = close.exec(rest)
  if (!end) throw new NormParseError(fileName, 'el encabezado YAML no está cerrado con «---»')
  let data: unknown
  try {
    data = parseYaml(rest.slice(0, end.index))
  } catch (error) {
    throw new NormParseError(fileName, `encabezado YAML ilegible (${(error as Error).message})`)
  }
  if (!data || typeof data !== 'object') throw new NormParseError(fileName, 'el encabezado YAML está vacío')
  const fm = data as Record<string, unknown>
  const identifier = str(fm.identifier)
  const title = str(fm.title)
  if (!identifier) throw new NormParseError(fileName, 'al encabezado le falta el identificador (identifier)')
  if (!title) throw new NormParseError(fileName, 'al encabezado le falta el título (title)')
  const meta: NormMeta = {
    identifier,
    title,
    country: str(fm.country) ?? '',
    rank: str(fm.rank) ?? '',
    publicationDate: str(fm.publication_date),
    lastUpdated: str(fm.last_updated),
    status: str(fm.status) ?? '',
    source: str(fm.source),
    officialJournal: str(fm.official_journal),
  }
  return { meta, body: rest.slice(end.index + end[0].length) }
}

function str(value: unknown): string | null {
  if (value === null || value === undefined) return null
  // Unquoted YAML dates may come back as Date objects depending on the schema.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
  const s = String(value).replace(/\s+/g, ' ').trim()
  return s || null
}

// ---------------------------------------------------------------------------------------------------------
// Line cleaning

type Line = {
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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  ordm: 'º',
  ordf: 'ª',
  deg: '°',
}

function decodeEntities(s: string): string {
  return s.replace(/&(#\d{1,6}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole
    }
    return ENTITIES[code.toLowerCase()] ?? whole
  })
}

const LINK_RE = /\[([^\]]*)\]\(([^)]*)\)/g
const IMAGE_RE = /!\[[^\]]*\]\([^)]*\)/g
const URL_RE = /(?:https?:\/\/|www\.)[^\s)\]]+|\b(?:lpd\.pe|bit\.ly)\/[^\s)\]]*/g
const PUBLISHER_URL_RE =
  /lpderecho|lpd\.pe|bit\.ly|spij|elperuano|facebook|twitter|whatsapp|t\.me|youtu|instagram|linkedin|tiktok|goo\.gl|google/i
const NOTE_MARK_RE = /^(?:[*_]*\s*\(\*{1,4}\)|\*{1,4}\s)/

function cleanLine(input: string): Line {
  let s = input
  if (/[\u00a0\u2007\u202f\t\u200b-\u200d\ufeff]/.test(s)) {
    s = s.replace(/[\u00a0\u2007\u202f\t]/g, ' ').replace(/[\u200b-\u200d\ufeff]/g, '')
  }
  s = s.trim()
  if (!s) return BLANK
  if (s.includes('\\')) s = s.replace(/\\([\\`*_{}[\]()#+\-.!|>~"'<])/g, '$1')
  if (s.includes('&')) s = decodeEntities(s)
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
function leadAndRest(raw: string): { lead: string; rest: string } | null {
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

const isUpperDominant = (s: string): boolean => s.length > 2 && upperRatio(s) > 0.75

/** El Peruano OCR glues a capitals title to the next article: 'CAPÍTULO ÚNICO MEDIDAS Artículo 73. …'. */
const RUN_IN_RE = /^([^a-záéíóúñ]{3,}?)\s+(Art[íi]culo\s+\d+[°º]?\s*(?:\.\s*-|\.|-|–))/
const RUN_IN_TAIL_RE =
  /\b(?:EL|LA|LOS|LAS|DEL|DE|AL|Y|E|CON|EN|SU|SUS|PARA|POR|SEGÚN|CONFORME|QUE|MODIFICA|INCORPORA|DEROGA|SUSTITUYE|ARTÍCULO|ARTICULO)$/

function prepareLines(body: string): Line[] {
  const out: Line[] = []
  for (const text of body.split(/\r\n|\n|\r/)) {
    const line = cleanLine(text)
    const m = line.plain.length > 12 && !line.note ? RUN_IN_RE.exec(line.plain) : null
    const prefix = m?.[1]?.trim()
    if (m && prefix && /\p{Lu}{3}/u.test(prefix) && !RUN_IN_TAIL_RE.test(prefix)) {
      out.push(cleanLine(prefix), cleanLine(line.plain.slice(m[1]!.length).trim()))
      continue
    }
    out.push(line)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Line classification

const DEBRIS_RE =
  /^(?:[-•]\s*)?(?:Ver jurisprudencia\b|Inscr[íi]bete aqu[íi]|Lea tambi[ée]n\b|Revise tambi[ée]n\b|Para ubicar de manera r[áa]pida|(?:Haga |Haz )?[Cc]lic(?:k|k)? aqu[íi]|Descarg(?:ue|a|ar)\b.{0,80}\b(?:PDF|aqu[íi])|NOTA SPIJ$|PROCESOS CONSTITUCIONALES$|JURISPRUDENCIA(?: DE LA CORTE SUPREMA DE JUSTICIA| RELEVANTE)?:?$|Â$|Fecha de publicaci[óo]n:)/i
const EDITORIAL_RE = /^Jurisprudencia relevante(?: y actual)?:?$/i
const END_RE =
  /^(?:Comentarios:|ART[ÍI]CULOS RELACIONADOS|M[ÁA]S LE[ÍI]DOS|LO [ÚU]LTIMO$|M[ÁA]S DEL AUTOR|Te puede interesar|Publicidad$|Suscr[íi]bete\b|Compartir(?: en| este|$)|Comp[áa]rtelo|©)/i
const CONCORD_RE = /^(?:OTRAS\s+)?CONCORDANCIAS?\b/i
const CITATION_RE =
  /^(?:[-–•]\s*)?(?:D\.\s?S\.|D\.\s?U\.|D\.\s?Leg|D\.\s?L\.|D\.\s?Ley|R\.\s?M\.|R\.\s?D\.|R\.\s?S\.|R\.\s?J\.|R\.\s?A\.|R\.\s?Leg|R\.\s?LEG|R\.\s?N|R\.\s?Nº|Res\.|R\.|L\.|Ley\b|LEY\b|Const|Decreto|DECRETO|Directiva|DIRECTIVA|Resoluci[óo]n|RESOLUCI|EXP|Exp|Anexo|ANEXO|C[óo]digo|C\.\s?(?:P|C|T|de\s?C|P\.\s?C|P\.\s?P)\.?|Acuerdo|Oficio|Casaci|Art\.|Arts\.|Reglamento|REGLAMENTO|Ordenanza|Convenio|T\.\s?U\.\s?O|TUO|Pleno)/
const CLOSING_RE =
  /^(?:POR TANTO\b|Mando se publique|Dad[oa] en la Casa de Gobierno|Casa del Congreso, en Lima|Comun[íi]quese al (?:se[ñn]or )?Presidente de la Rep[úu]blica|Reg[íi]strese,? comun[íi]quese|En Lima, a los\b)/i
/** Notes without a marker: 'Artículo modificado por…', 'Párrafo incorporado mediante…', 'Texto según…'. */
const NOTE_CONTENT_RE =
  /^(?:\(\d{1,2}\)\s*)?(?:Art[íi]culos?|P[áa]rrafos?|Literal(?:es)?|Incisos?|Numeral(?:es)?|Disposici[óo]n(?:es)?|Cap[íi]tulos?|T[íi]tulos?|Secci[óo]n(?:es)?|Subcap[íi]tulos?|Denominaci[óo]n|Sumilla|R[óo]tulo|Ep[íi]grafe|Primer|Segundo|Tercer|[ÚU]ltimo)\b[^.:]{0,60}?\b(?:modificad|incorporad|derogad|sustituid|adicionad|agregad|reubicad|suspendid|precisad|rectificad|restituid|dejad)[oa]s?\s+(?:por|mediante|en virtud|conforme|de conformidad|sin efecto)\b|^Texto (?:según|conforme|modificado|vigente|actualizado)\b/i
/** Items of a note's list of amending norms: 'Artículo único de la Ley 31305, publicada el…', '1. Ley 30076, publicada…'. */
const NOTE_ITEM_RE =
  /^(?:\d{1,2}\.\s+)?(?:Art[íi]culos?|Art\.|Ley|Decreto|D\.\s?Leg|DL|D-L|D\.\s?L|D\.\s?S|DS|Resoluci[óo]n|[ÚU]nica|[A-ZÁÉÍÓÚ][a-záéíóú]+ Disposici[óo]n|Disposici[óo]n)\b.*\bpublicad[oa]s?\b/
/** Later history appended to a note: 'Finalmente, fue derogado por el DL 1323, publicado…'. */
const NOTE_FOLLOW_RE =
  /^(?:Finalmente|Luego|Posteriormente|Despu[ée]s|Asimismo|Adem[áa]s|Cabe precisar|Valga precisar|De conformidad con (?:el|la|los) (?:Resolutivo|punto resolutivo|Exp|sentencia|Informe))\b.{0,160}\b(?:modificad|derogad|incorporad|sustituid|declarad|publicad)[oa]s?\b/i
const QUOTE_OPEN_RE = /^[“"«‘'„]/
/** A law that transcribes the articles it amends announces it: '…queda redactado en los términos siguientes:'. */
const QUOTE_TRIGGER_RE =
  /(?:modif[ií]c|incorp[oó]r|sustit[uú]y|agr[eé]g|adici[oó]n|restit|reempl[aá]z|insert|redact)[\s\S]*(?:siguiente|redactad|texto|tenor|t[ée]rminos)[^:]*:$/i
const ENUM_RE = /^(?:[a-zñ]{1,2}[).]|[ivxlc]{1,5}[).]|\d{1,3}(?:\.\d{1,3})*[.)-]|[-–•·])(?:\s|$)/
const BYLINE_RE = /\s-\s\d{1,2}\s[a-z]+,\s\d{4}/

type Head = {
  number: string
  label: string
  /** Numeric base for plain articles (112 for '112', '112-A'); null otherwise. */
  base: number | null
  /** Value used to check that a heading is the next one in sequence (articles: base or Roman; dispositions: ordinal). */
  seq: number | null
  /** Numbers covered by a range heading ('Artículos 70-75'). */
  range: [number, number] | null
  plainNumber: boolean
  heading: string | null
  text: string
}

/** 'Norma IV' is how the Código Tributario numbers its Título Preliminar. */
const ART_KEY_RE =
  /^(?:ART[ÍI]CULOS?|Art[íi]culos?|ARTICULOS?|Art\.|ART\.|Arts\.|NORMA(?= [IVX])|Norma(?= [IVX]))(?=[\s\d:]|$):?/
// '%' is how OCR reads 'º' ('Artículo 1%.-').
const NUM_RE = /^(\d{1,4})(?:\s?[°º%]|o(?=\s?\.))?/
const RANGE_RE = /^\s*(?:-|–|al|a|hasta(?:\s+el)?|y)\s*(?:art[íi]culo\s*)?(\d{1,4})(?:\s?[°º])?/i
const SUFFIX_WORD_RE =
  /^(?:\s?[-–]\s?|\s)?(bis|ter|qu[áa]ter|quinquies|sexies|septies|octies|novies|nonies|decies)(?![\p{L}])/iu
const SUFFIX_LETTER_RE = /^(?:[-–]|\s?[-–]\s?(?=[A-ZÑ]\s*(?:$|[.\-–:°º])))([A-ZÑ])(?![\p{L}\d])/u
const SUFFIX_GLUED_RE = /^([A-ZÑ])(?=$|[\s.\-–:°º)])/
const SUFFIX_SPACED_RE = /^\s([A-Z])(?=\s*(?:$|[.\-–:°º]))/
const SUFFIX_NUM_RE = /^[-–](\d{1,3})(?!\d)/
const DOTTED_RE = /^\.(\d{1,3})(?=\s*[:–-]|\s*\.\s*[-–]|\s+\p{Lu})/u
const ROMAN_RE = /^([IVXLC]{1,7})(?![\p{L}\d])/u
const SEP_RE = /^\s*[°º”"]?\s*(\.\s*[-–—]+|[-–—]+|\.|:|\))?\s*/

const ORD_UNITS =
  'primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|sext[oa]|s[ée]ptim[oa]|s[ée]tim[oa]|octav[oa]|noven[oa]'
const ORD_TENS =
  'd[ée]cim[oa]|vig[ée]sim[oa]|trig[ée]sim[oa]|cuadrag[ée]sim[oa]|quincuag[ée]sim[oa]|sexag[ée]sim[oa]|septuag[ée]sim[oa]|octog[ée]sim[oa]|nonag[ée]sim[oa]|cent[ée]sim[oa]'
const ORD = `(?:(?:${ORD_TENS})[\\s-]?(?:${ORD_UNITS})|und[ée]cim[oa]|duod[ée]cim[oa]|${ORD_TENS}|${ORD_UNITS}|[úu]nic[oa])`
const ORD_WORD_RE = new RegExp(`^(${ORD})(?![\\p{L}])`, 'iu')

const UNIT_VALUES: [RegExp, number][] = [
  [/^primer/, 1],
  [/^segund/, 2],
  [/^tercer/, 3],
  [/^cuart/, 4],
  [/^quint/, 5],
  [/^sext/, 6],
  [/^se(?:p)?tim/, 7],
  [/^octav/, 8],
  [/^noven/, 9],
]
const TEN_VALUES: [RegExp, number][] = [
  [/^undecim/, 11],
  [/^duodecim/, 12],
  [/^decim/, 10],
  [/^vigesim/, 20],
  [/^trigesim/, 30],
  [/^cuadragesim/, 40],
  [/^quincuagesim/, 50],
  [/^sexagesim/, 60],
  [/^septuagesim/, 70],
  [/^octogesim/, 80],
  [/^nonagesim/, 90],
  [/^centesim/, 100],
]

const stripAccents = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '')

/** 'Décimo Tercera' → 'decimotercera'; 'Única' → 'unica'. */
function ordinalSlug(word: string): string {
  const s = stripAccents(word.toLowerCase()).replace(/[\s-]+/g, '')
  return s.replace(
    /^(decim|vigesim|trigesim|cuadragesim|quincuagesim|sexagesim|septuagesim|octogesim|nonagesim|centesim)a(?=[a-z])/,
    '$1o',
  )
}

function ordinalValue(slug: string): number | null {
  if (slug.startsWith('unic')) return 1
  let rest = slug
  let value = 0
  for (const [re, n] of TEN_VALUES) {
    const m = re.exec(rest)
    if (m) {
      value = n
      rest = rest.slice(m[0].length + 1)
      break
    }
  }
  if (!rest) return value || null
  for (const [re, n] of UNIT_VALUES) if (re.test(rest)) return value + n
  return value || null
}

function romanValue(s: string): number | null {
  const map: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 }
  let total = 0
  for (let i = 0; i < s.length; i++) {
    const v = map[s[i]!] ?? 0
    const next = map[s[i + 1] ?? ''] ?? 0
    total += v < next ? -v : v
  }
  return total > 0 && total < 400 ? total : null
}

const capitalise = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s)

/** Words that open a sentence of law text, so they end a run-in heading ('Refrendo El presente…'). */
const STARTERS = new Set(
  'El La Los Las Lo Toda Todo Todos Todas Se Son Es Para Cuando Si No Nadie Ninguna Ninguno Ningún Queda Quedan Cada Mediante Excepcionalmente Asimismo Constituye Constituyen Corresponde Compete Está Están Un Una Dentro Durante Salvo Sólo Solo Tratándose Este Esta Estos Estas Dicho Dicha Mientras Hasta Desde Por En Las Al Ante Sus Su'.split(
    ' ',
  ),
)
const FUNCTION_WORDS = new Set(
  'de del la el los las y e o u a al en por para con su sus que según sobre ante entre sin'.split(' '),
)
const IMPERATIVE_SE_RE = /^\p{Lu}\p{Ll}*[áéíóú]\p{Ll}*(?:se|nse)$/u
const VERBISH_RE =
  /\s(?:se|es|son|será|serán|debe|deben|podrá|podrán|tiene|tienen|está|están|hay|puede|pueden)\s/

function isHeadingLike(s: string, strong: boolean): boolean {
  if (!s || s.length > (strong ? 250 : 160)) return false
  if (!/^[\p{Lu}¿(\d]/u.test(s)) return false
  if (/[;:,]$/.test(s)) return false
  if (!strong && /\.$/.test(s) && !/\b[A-Z]\.$/.test(s)) return false
  // 'La presente Ley determina la estructura del Poder Judicial y define los' is a sentence, cut by the PDF.
  if (!strong && STARTERS.has(s.slice(0, s.indexOf(' '))) && s.split(' ').length > 8) return false
  return true
}

/** 'Refrendo El presente Decreto Legislativo…' → heading 'Refrendo', text 'El presente…' (OCR and El Peruano). */
function splitRunIn(s: string): { heading: string; text: string } | null {
  const words = s.split(' ')
  const first = words[0] ?? ''
  if (STARTERS.has(first) || IMPERATIVE_SE_RE.test(first) || !/^\p{Lu}/u.test(first)) return null
  const limit = Math.min(words.length - 1, 14)
  for (let i = 1; i <= limit; i++) {
    const w = words[i]!
    const prev = words[i - 1]!
    const sentenceEnd = /[.]$/.test(prev) && /^\p{Lu}/u.test(w)
    const starter = (STARTERS.has(w) || IMPERATIVE_SE_RE.test(w)) && !FUNCTION_WORDS.has(prev.toLowerCase())
    if (!sentenceEnd && !starter) {
      if (/[,;:]$/.test(prev)) return null
      continue
    }
    const heading = words.slice(0, i).join(' ')
    if (VERBISH_RE.test(` ${heading} `)) return null
    return { heading: cleanHeading(heading), text: words.slice(i).join(' ') }
  }
  return null
}

function cleanHeading(s: string): string {
  return s
    .replace(/^[\s.:\-–—]+/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/[\s.:\-–—]+$/, '')
    .replace(/^["“”]+|["“”]+$/g, '')
    .trim()
}

const DEROGADO_RE = /^[([]?\s*(derogad[oa]s?|DEROGAD[OA]S?)\s*\.?\s*[)\]]?$/i

/**
 * Separates what follows an article or disposition number into heading and text, using the emphasis of the
 * source when there is one (`**Artículo 1.- Objeto**` vs `**Artículo 1.-** La ley…`) and the shape of the
 * words otherwise.
 */
function splitHeading(
  rest: string,
  line: Line,
  reparse: (s: string) => string | null,
  continues: boolean,
): { heading: string | null; text: string } {
  let heading: string | null = null
  let text = rest
  const lr = leadAndRest(line.raw)
  const boldRest = lr ? reparse(lr.lead) : null
  if (lr && boldRest !== null) {
    const candidate = cleanHeading(boldRest)
    // A bold sentence announcing a list or a transcription ('…de la siguiente manera:') is text.
    const sentence =
      /[;:,]\s*$/.test(boldRest) || (candidate.length > 120 && VERBISH_RE.test(` ${candidate} `))
    if (!candidate || (!sentence && isHeadingLike(candidate, true)) || DEROGADO_RE.test(candidate)) {
      heading = candidate || null
      text = lr.rest.replace(/^[\s.:\-–—]+/, '')
    }
  } else if (line.md && isHeadingLike(cleanHeading(rest), true)) {
    heading = cleanHeading(rest) || null
    text = ''
  }
  if (heading === null && text === rest && rest) {
    if (rest[0] === '[') {
      const close = rest.indexOf(']')
      if (close > 0) {
        heading = cleanHeading(rest.slice(1, close))
        text = rest.slice(close + 1).trim()
      } else if (close < 0 && rest.length <= 200) {
        // '[Reforma constitucional*': the publisher forgot the closing bracket.
        heading = cleanHeading(rest.slice(1))
        text = ''
      }
    } else if (continues) {
      // The sentence goes on in the next line (hard-wrapped PDF text): only a run-in heading is possible.
      const split = splitRunIn(rest)
      if (split) {
        heading = split.heading
        text = split.text
      }
    } else if (isHeadingLike(rest, false)) {
      heading = cleanHeading(rest)
      text = ''
    } else {
      const split = splitRunIn(rest)
      if (split) {
        heading = split.heading
        text = split.text
      }
    }
  }
  if (heading && DEROGADO_RE.test(heading)) {
    text = text
      ? `(${capitalise(heading.replace(/[^\p{L}]/gu, ''))}) ${text}`
      : `(${capitalise(heading.replace(/[^\p{L}]/gu, ''))})`
    heading = null
  }
  text = text.replace(/^[”"]\s*/, '').replace(/^\[(derogad[oa]s?)\]/i, '($1)')
  return { heading: heading || null, text }
}

type NumberParse = {
  /** Written 'Art.' rather than 'Artículo'. */
  abbreviated: boolean
  number: string
  label: string
  base: number | null
  seq: number | null
  range: [number, number] | null
  plainNumber: boolean
  sep: string
  rest: string
}

/** Parses 'Artículo 2-A.- Rest' (keyword already known to be there). */
function parseArticleNumber(plain: string): NumberParse | null {
  const key = ART_KEY_RE.exec(plain)
  if (!key) return null
  const plural = /s$/i.test(key[0])
  const norma = /^norma/i.test(key[0])
  let s = plain.slice(key[0].length).replace(/^\s+/, '')
  let number: string
  let label: string
  let base: number | null = null
  let seq: number | null = null
  let range: [number, number] | null = null
  let plainNumber = false
  const num = norma ? null : NUM_RE.exec(s)
  if (num) {
    const n = Number(num[1])
    s = s.slice(num[0].length)
    base = n
    seq = n
    number = String(n)
    label = `Artículo ${n}`
    plainNumber = true
    const rangeM = RANGE_RE.exec(s)
    const wordM = SUFFIX_WORD_RE.exec(s)
    // 'Artículos 70-75', 'Artículos 345º al 348º'; singular only with words: 'Artículo 1055 hasta el 1090'.
    const rangeOk = rangeM && Number(rangeM[1]) > n && (plural || /^\s*(?:al|hasta)\b/i.test(rangeM[0]))
    if (rangeM && rangeOk) {
      range = [n, Number(rangeM[1])]
      s = s.slice(rangeM[0].length)
      number = `${n}-${range[1]}`
      label = `Artículos ${n} a ${range[1]}`
      plainNumber = false
    } else if (DOTTED_RE.test(s)) {
      // Treaties number their articles by chapter: 'Artículo 1.1: Establecimiento de la Zona de Libre Comercio'.
      const m = DOTTED_RE.exec(s)!
      number = `${n}.${m[1]}`
      label = `Artículo ${number}`
      s = s.slice(m[0].length)
      plainNumber = false
      seq = null
    } else if (wordM) {
      const w = stripAccents(wordM[1]!.toLowerCase())
      number = `${n}-${w}`
      label = `Artículo ${n} ${w}`
      s = s.slice(wordM[0].length)
      plainNumber = false
    } else {
      const letter = SUFFIX_LETTER_RE.exec(s) ?? SUFFIX_GLUED_RE.exec(s) ?? SUFFIX_SPACED_RE.exec(s)
      const numeric = letter ? null : SUFFIX_NUM_RE.exec(s)
      if (letter) {
        number = `${n}-${letter[1]}`
        label = `Artículo ${number}`
        s = s.slice(letter[0].length)
        plainNumber = false
      } else if (numeric && !plural) {
        number = `${n}-${numeric[1]}`
        label = `Artículo ${number}`
        s = s.slice(numeric[0].length)
        plainNumber = false
      }
    }
  } else {
    const roman = ROMAN_RE.exec(s)
    const ord = roman ? null : ORD_WORD_RE.exec(s)
    if (roman) {
      number = roman[1]!
      seq = romanValue(number)
      if (seq === null) return null
      label = `${norma ? 'Norma' : 'Artículo'} ${number}`
      s = s.slice(roman[0].length)
    } else if (ord && !norma) {
      const slug = ordinalSlug(ord[1]!)
      number = slug
      seq = ordinalValue(slug)
      label = slug === 'unico' ? 'Artículo único' : `Artículo ${capitalise(ord[1]!)}`
      s = s.slice(ord[0].length)
    } else {
      return null
    }
  }
  const sep = SEP_RE.exec(s)!
  const abbreviated = /^Arts?\./i.test(key[0])
  return {
    abbreviated,
    number,
    label,
    base,
    seq,
    range,
    plainNumber,
    sep: sep[1] ?? '',
    rest: s.slice(sep[0].length),
  }
}

const isStrongSep = (sep: string): boolean => /[-–—]/.test(sep)

/** Accepts an article heading only where the text starts a provision, not where it cites one. */
function acceptRest(p: NumberParse, wrapped: boolean): boolean {
  const rest = p.rest
  // Bare 'Art. 6' lines are concordancias and tables of amendments ('Art. 11 MODIFICADO por…').
  if (p.abbreviated && !p.sep) return false
  if (/^(?:MODIFICAD|INCORPORAD|DEROGAD|SUSTITUID|ADICIONAD)[OA]S?\s+(?:POR|por)\b/.test(rest)) return false
  if (!rest) return !wrapped || p.sep !== ''
  const first = rest[0]!
  if (/\p{Ll}/u.test(first) || /\d/.test(first)) return isStrongSep(p.sep) && !wrapped
  if (/[\p{Lu}[(¿“"«]/u.test(first)) return !wrapped || isStrongSep(p.sep)
  return false
}

function parseArticleHead(line: Line, wrapped: boolean, continues: boolean): Head | null {
  const p = parseArticleNumber(line.plain)
  if (!p || !acceptRest(p, wrapped)) return null
  const reparse = (lead: string): string | null => {
    const q = parseArticleNumber(lead)
    return q && q.number === p.number ? q.rest : null
  }
  const { heading, text } = splitHeading(p.rest, line, reparse, continues)
  return { ...p, heading, text }
}

const DISP_ITEM_RE = new RegExp(`^(${ORD})\\s*(?=[.\\-–—:)\\s]|$)`, 'iu')

function parseDispositionHead(line: Line, block: Block, continues: boolean): Head | null {
  const m = DISP_ITEM_RE.exec(line.plain)
  if (!m) return null
  const after = line.plain.slice(m[0].length)
  const sep = SEP_RE.exec(after)!
  const rest = after.slice(sep[0].length)
  if (!sep[1] && rest && rest[0] !== '[') return null
  const slug = ordinalSlug(m[1]!)
  const number = `${slug}-${block.slug}`
  const label = `${capitalise(m[1]!.replace(/\s+/g, ' '))} ${block.labelWords}`
  const reparse = (lead: string): string | null => {
    const q = DISP_ITEM_RE.exec(lead)
    if (!q) return null
    const a = lead.slice(q[0].length)
    return a.slice(SEP_RE.exec(a)![0].length)
  }
  const { heading, text } = splitHeading(rest, line, reparse, continues)
  return {
    number,
    label,
    base: null,
    seq: ordinalValue(slug),
    range: null,
    plainNumber: false,
    heading,
    text,
  }
}

// Structure headings ------------------------------------------------------------------------------------

type StructKind =
  | 'PARTE'
  | 'LIBRO'
  | 'SECCIÓN'
  | 'SUBSECCIÓN'
  | 'TÍTULO'
  | 'SUBTÍTULO'
  | 'CAPÍTULO'
  | 'SUBCAPÍTULO'
const STRUCT_RANK: Record<StructKind, number> = {
  PARTE: 0,
  LIBRO: 1,
  SECCIÓN: 2,
  SUBSECCIÓN: 2.5,
  TÍTULO: 3,
  SUBTÍTULO: 3.5,
  CAPÍTULO: 4,
  SUBCAPÍTULO: 5,
}
const STRUCT_RE =
  /^(LIBRO|SECCI[ÓO]N|SUBSECCI[ÓO]N|T[ÍI]TULO|SUBT[ÍI]TULO|CAP[ÍI]TULO|SUB[- ]?CAP[ÍI]TULO|PARTE)\s+(.*)$/i
const DESIGNATOR_RE = new RegExp(
  `^(?:(PRELIMINAR|FINAL|COMPLEMENTARI[OA]|${ORD})(?![\\p{L}\\d])|([IVXLC]{1,6}(?:-[A-Z])?|\\d{1,3}(?:-[A-Z])?|[A-Z])(?![\\p{L}\\d]))`,
  'iu',
)

function structKind(word: string): StructKind {
  const w = stripAccents(word.toUpperCase()).replace(/[- ]/g, '')
  if (w === 'LIBRO') return 'LIBRO'
  if (w === 'SECCION') return 'SECCIÓN'
  if (w === 'SUBSECCION') return 'SUBSECCIÓN'
  if (w === 'TITULO') return 'TÍTULO'
  if (w === 'SUBTITULO') return 'SUBTÍTULO'
  if (w === 'CAPITULO') return 'CAPÍTULO'
  if (w === 'SUBCAPITULO') return 'SUBCAPÍTULO'
  return 'PARTE'
}

type Struct = { kind: StructKind; designator: string; name: string; nameIndex?: number }

function parseStruct(plain: string): Struct | null {
  if (plain.length > 250) return null
  const m = STRUCT_RE.exec(plain)
  if (!m) return null
  const kind = structKind(m[1]!)
  const d = DESIGNATOR_RE.exec(m[2]!)
  if (!d) return null
  // Single letters and Roman numerals must be capitals: 'Capítulo a' is prose.
  if (d[2] && !/^[IVXLC\d]/.test(d[2]) && !/^[A-Z]$/.test(d[2])) return null
  if (d[2] && /^[ivxlc]/.test(d[2])) return null
  if (kind === 'PARTE' && !d[2] && !/^(?:primer|segund|tercer|cuart|quint|[úu]nic)/i.test(d[1] ?? ''))
    return null
  const after = m[2]!.slice(d[0].length)
  const sep = /^\s*[.:\-–—]*\s*/.exec(after)!
  const name = cleanHeading(after.slice(sep[0].length))
  if (name && !/[.:\-–—]/.test(sep[0]) && !/^[\p{Lu}(“"«¿]/u.test(name)) return null
  // Budget tables: 'SECCIÓN PRIMERA : Gobierno Central', 'SECCIÓN SEGUNDA : Instancias Descentralizadas'.
  if (kind === 'SECCIÓN' && /^(?:Gobierno Central|Instancias Descentralizadas)\b/i.test(name)) return null
  return { kind, designator: (d[1] ?? d[2]!).toUpperCase().replace(/\s+/g, ' '), name }
}

// Disposiciones blocks -----------------------------------------------------------------------------------

type Block = { slug: string; labelWords: string; title: string; singular: boolean }

const BLOCK_WORDS: [RegExp, string, string][] = [
  [/^COMPLEMENTA/, 'complementaria', 'Complementaria'],
  [/^TRANSITORI/, 'transitoria', 'Transitoria'],
  [/^FINAL/, 'final', 'Final'],
  [/^MODIFICATORI/, 'modificatoria', 'Modificatoria'],
  [/^DEROGATORI/, 'derogatoria', 'Derogatoria'],
  [/^ADICIONAL/, 'adicional', 'Adicional'],
  [/^ESPECIAL/, 'especial', 'Especial'],
]

function parseBlock(plain: string): Block | null {
  if (plain.length > 120) return null
  const m = /^DISPOSICI[ÓO]N(ES)?\s+(.+?)[\s.:]*$/i.exec(plain)
  if (!m) return null
  const slugs: string[] = []
  const labels: string[] = []
  let unica = false
  for (const token of stripAccents(m[2]!.toUpperCase()).split(/[\s,]+/)) {
    if (!token) continue
    if (token === 'Y' || token === 'E') {
      if (labels.length) labels.push('y')
      continue
    }
    if (token === 'UNICA') {
      unica = true
      continue
    }
    const hit = BLOCK_WORDS.find(([re]) => re.test(token))
    if (!hit) return null
    if (!slugs.includes(hit[1])) slugs.push(hit[1])
    labels.push(hit[2])
  }
  if (!slugs.length) return null
  while (labels[labels.length - 1] === 'y') labels.pop()
  const title = plain.replace(/[\s.:]+$/, '').toUpperCase()
  return {
    slug: slugs.join('-'),
    labelWords: `Disposición ${labels.join(' ')}`,
    title,
    singular: !m[1] || unica,
  }
}

// ---------------------------------------------------------------------------------------------------------
// Assembly

/** struct: a structure heading kept in the preamble only when the norm has no articles. */
type Para = { text: string; bold: boolean; struct?: boolean }

type Draft = {
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
type Segment = {
  header: string[]
  drafts: Draft[]
  numbers: Set<string>
  firsts: Set<string>
  dispositions: boolean
}

class Builder {
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

// ---------------------------------------------------------------------------------------------------------
// Main

export function parseNorm(markdown: string, fileName: string): ParsedNorm {
  const { meta, body } = splitFrontMatter(markdown, fileName)
  const lines = prepareLines(body)
  if (!lines.some((l) => l.plain)) throw new NormParseError(fileName, 'el cuerpo de la norma está vacío')
  const b = new Builder(meta.source)
  const titleKey = stripAccents(meta.title.toLowerCase())
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

// ---------------------------------------------------------------------------------------------------------
// Finishing: segments, duplicates, numbering check, text caps

function finish(b: Builder, meta: NormMeta): ParsedNorm {
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
