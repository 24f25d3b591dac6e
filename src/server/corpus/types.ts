/**
 * The corpus as the parsers hand it to ingestion. Norms come from legalize-pe Markdown, rulings from the
 * Poder Judicial's PDFs and metadata.json. Everything here is plain data: no database, no I/O.
 */

/** legalize-pe front matter (the fields we read; others are ignored). */
export type NormMeta = {
  identifier: string
  title: string
  country: string
  /** e.g. constitucion, ley, decreto_legislativo, decreto_supremo, decreto_ley, decreto_urgencia, resolucion_legislativa, codigo */
  rank: string
  publicationDate: string | null
  lastUpdated: string | null
  /** in_force, repealed, … as written in the file */
  status: string
  source: string | null
  officialJournal: string | null
}

export type NormUnitKind = 'articulo' | 'disposicion'

/** One article (or one complementary/final/transitory disposition) of a norm. */
export type NormArticle = {
  kind: NormUnitKind
  /**
   * The article's number as cited, normalised: '1', '112', '2-A', '129-Q', '5-bis', 'I' (título preliminar,
   * Roman), 'unico' (Artículo único), 'primero' (Artículo Primero). Dispositions: 'primera-complementaria-final',
   * 'segunda-transitoria', … Unique within a norm (a repeat gets a '~2' suffix and a warning).
   */
  number: string
  /** How a reader cites it: 'Artículo 112', 'Artículo 2-A', 'Primera Disposición Complementaria Final'. */
  label: string
  /** The heading the text gives it, without brackets or asterisks: 'Duración del mandato presidencial'; null if none. */
  heading: string | null
  /** The law's own text, cleaned of publisher additions; paragraphs separated by a blank line. */
  text: string
  /** Modification history notes ('Artículo modificado por…'), kept apart from the text. */
  notes: string[]
  /** Structure headings above it, outermost first: ['TÍTULO IV. DE LA ESTRUCTURA DEL ESTADO', 'CAPÍTULO IV. PODER EJECUTIVO']. */
  path: string[]
  /** Position in the norm, 0-based, in reading order. */
  ordinal: number
}

export type ParsedNorm = {
  meta: NormMeta
  /** Text before the first article (considerandos, preamble), cleaned; null if none. */
  preamble: string | null
  articles: NormArticle[]
  /** Parser findings worth reporting: numbering gaps, duplicate numbers, truncated giant articles. */
  warnings: string[]
  /**
   * Publisher notes about the norm as a whole, found before its first article (SPIJ's '(*) DEROGADO por…',
   * '(*) De conformidad con…'): they tell whether the whole norm is still in force. Optional so that other
   * producers of ParsedNorm need not fill it.
   */
  notes?: string[]
}

/** A record of metadata.json, normalised. */
export type RulingRecord = {
  /** Case number as written (nroexp), e.g. 'Apelación 169-2025/Lima Este' or the raw field. */
  caseNumber: string
  /** Stable identifier derived from the record, e.g. 'APELACION-169-2025-LIMA-ESTE'. */
  identifier: string
  /** Appeal type: Casación, Apelación, … */
  appealType: string
  chamber: string | null
  date: string | null
  claims: string[]
  keywords: string[]
  judges: string[]
  reportingJudge: string | null
  outcome: string | null
  summary: string | null
  /** Norms the ruling cites (normaDI), as written. */
  citedNorms: string[]
  /** File name in pdf/ when the full text is available, else null. */
  pdfFile: string | null
}

/** A passage of a ruling's full text. */
export type RulingPassage = {
  /** 'vistos' | 'fundamentos' | 'decision' | 'encabezado' */
  section: 'encabezado' | 'vistos' | 'fundamentos' | 'decision'
  /** 'Fundamento primero', 'Fundamento 3.2', 'Decisión', 'Vistos', 'Sumilla' */
  label: string
  text: string
  /** 1-based page of the PDF where the passage starts. */
  page: number
}

export type ParsedRulingPdf = {
  /** Text per page (1-based order), signature stamp blocks and running headers removed. */
  pages: string[]
  passages: RulingPassage[]
  warnings: string[]
}
