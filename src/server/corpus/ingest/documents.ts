import path from 'node:path'
import type { Descriptors } from '../pack/descriptors'
import type { PackManifest } from '../pack/manifest'
import { type CitedName, citedNamesIn } from '../parse/cited-names'
import { classifyNorm, classifyRuling } from '../parse/classify'
import { parseNorm } from '../parse/norm'
import { parseRulingMetadata, recordFromPdfFileName } from '../parse/ruling-metadata'
import { parseRulingPdf } from '../parse/ruling-pdf'
import { renderNormPdf } from '../render/norm-pdf'
import type { corpusDocuments } from '../schema'
import type { RulingRecord } from '../types'

export type PassageToStore = {
  kind: string
  number: string | null
  label: string
  heading: string | null
  path: string
  content: string
  notes: string[]
  pageNumber: number
  ordinal: number
  /** People's words for what it regulates (descriptors.ts), indexed but never shown; null when none. */
  descriptors?: string | null
}

export type DocumentToStore = {
  document: Omit<typeof corpusDocuments.$inferInsert, 'id'>
  pdf: Buffer | null
  passages: PassageToStore[]
}

type Built = { docs: DocumentToStore[]; warnings: string[]; failed: { path: string; reason: string }[] }

export class BadFile extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const isoDate = (d: string | null) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null)

export function decodeUtf8(data: Buffer): string {
  try {
    return utf8.decode(data)
  } catch {
    throw new BadFile('El archivo no está codificado en UTF-8')
  }
}

/** A norm file → its document, its rendered PDF edition and one passage per article (page recorded). */
export async function buildNormDocument(
  fileName: string,
  data: Buffer,
  sourcePath: string,
  descriptors: Descriptors | undefined,
  /** The country pack's manifest: its country (for a norm whose front matter names none), ranks and language. */
  pack: PackManifest,
): Promise<Built> {
  if (data.length === 0) throw new BadFile('El archivo está vacío')
  const norm = parseNorm(decodeUtf8(data), fileName)
  const rendered = await renderNormPdf(norm, { pack })
  const cls = classifyNorm(norm.meta, pack.rankClasses)
  const passages: PassageToStore[] = []
  if (norm.preamble) {
    passages.push({
      kind: 'preambulo',
      number: null,
      label: norm.articles.length ? 'Preámbulo' : 'Texto',
      heading: null,
      path: '',
      content: norm.preamble,
      notes: [],
      pageNumber: rendered.preamblePage ?? 1,
      ordinal: -1,
    })
  }
  for (const a of norm.articles) {
    passages.push({
      kind: a.kind,
      number: a.number,
      label: a.label,
      heading: a.heading,
      path: a.path.join(' › '),
      content: a.text,
      notes: a.notes,
      pageNumber: rendered.articlePages[a.ordinal] ?? 1,
      ordinal: a.ordinal,
      descriptors: (a.kind === 'articulo' && descriptors?.byArticle.get(a.number)?.join('. ')) || null,
    })
  }
  return {
    docs: [
      {
        document: {
          kind: 'norma',
          identifier: norm.meta.identifier,
          country: norm.meta.country.toUpperCase() || pack.country,
          title: norm.meta.title,
          tipoAlias: cls.tipoAlias,
          jerarquiaAlias: cls.jerarquiaAlias,
          rank: norm.meta.rank,
          status: norm.meta.status,
          publicationDate: isoDate(norm.meta.publicationDate),
          lastUpdated: isoDate(norm.meta.lastUpdated),
          sourceUrl: norm.meta.source,
          sourcePath,
          fileName,
          priority: cls.priority,
          pageCount: rendered.pageCount,
          metadata: { officialJournal: norm.meta.officialJournal, ...citedNames(passages) },
        },
        pdf: rendered.pdf,
        passages,
      },
    ],
    warnings: [...norm.warnings, ...descriptorWarnings(norm.articles, descriptors)],
    failed: [],
  }
}

/**
 * What the norm's text calls the numbered norms it cites, read here once per file: which of them a norm is known by
 * is decided over the whole folder when the index is finished (search/names-from-citations.ts).
 */
function citedNames(passages: PassageToStore[]): { citedNames?: CitedName[] } {
  const found = citedNamesIn(passages.map((p) => p.content))
  return found.length ? { citedNames: found } : {}
}

/** A descriptor file's bad lines, and its articles the norm does not have (a typo would index nothing). */
function descriptorWarnings(
  articles: { kind: string; number: string }[],
  descriptors?: Descriptors,
): string[] {
  if (!descriptors) return []
  const numbers = new Set(articles.filter((a) => a.kind === 'articulo').map((a) => a.number))
  const unknown = [...descriptors.byArticle.keys()].filter((n) => !numbers.has(n))
  return [
    ...descriptors.problems.map((p) => `Descriptores, ${p}`),
    ...(unknown.length ? [`Descriptores de artículos que la norma no tiene: ${unknown.join(', ')}`] : []),
  ]
}

/** The court's own summary, claims and keywords: what a ruling is found by even without its full text. */
function summaryPassage(record: RulingRecord): PassageToStore {
  const parts = [
    record.summary,
    record.claims.length ? `Pretensiones: ${record.claims.join('; ')}` : null,
    record.keywords.length ? `Palabras clave: ${record.keywords.join('; ')}` : null,
    record.outcome ? `Resultado: ${record.outcome}` : null,
  ].filter(Boolean)
  return {
    kind: 'sumilla',
    number: null,
    label: 'Sumilla',
    heading: record.keywords.slice(0, 6).join(', ') || null,
    path: record.chamber ?? '',
    content: parts.join('\n\n') || record.caseNumber,
    notes: record.citedNorms.length ? [`Normas citadas: ${record.citedNorms.join('; ')}`] : [],
    pageNumber: 1,
    ordinal: -1,
  }
}

/**
 * Most records have no full text here; their original is a one-page record sheet rendered from the court's own
 * listing (sumilla, claims, keywords, chamber, judges, outcome), so every cited ruling still opens as a PDF.
 */
async function recordSheet(
  record: RulingRecord,
  pack: PackManifest,
): Promise<{ pdf: Buffer; pageCount: number }> {
  const sections: [string, string | null][] = [
    ['Sumilla', record.summary],
    ['Pretensiones', record.claims.join('; ') || null],
    ['Palabras clave', record.keywords.join('; ') || null],
    ['Sala', record.chamber],
    ['Jueces', record.judges.join('; ') || null],
    ['Juez ponente', record.reportingJudge],
    ['Resultado', record.outcome],
    ['Normas citadas', record.citedNorms.join('; ') || null],
  ]
  const articles = sections
    .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
    .map(([label, text], ordinal) => ({
      kind: 'articulo' as const,
      number: String(ordinal + 1),
      label,
      heading: null,
      text,
      notes: [],
      path: [],
      ordinal,
    }))
  const rendered = await renderNormPdf(
    {
      meta: {
        identifier: record.identifier,
        title: record.caseNumber,
        country: pack.country.toLowerCase(),
        rank: 'ficha_de_jurisprudencia',
        publicationDate: record.date,
        lastUpdated: null,
        status: '',
        source: pack.corpus.rulingsSource,
        officialJournal: null,
      },
      preamble: null,
      articles,
      warnings: [],
    },
    { pack },
  )
  return { pdf: rendered.pdf, pageCount: rendered.pageCount }
}

/** The rulings folder → one document per metadata record, with full text and real PDF for those that have one. */
export async function buildRulingDocuments(
  files: Map<string, Buffer>,
  sourcePath: string,
  /** The country pack's manifest: the rulings' country, and who publishes them (their record sheets say). */
  pack: PackManifest,
): Promise<Built> {
  const warnings: string[] = []
  const failed: Built['failed'] = []
  const pdfNames = [...files.keys()].filter((k) => k.startsWith('pdf/')).map((k) => k.slice(4))
  let records: RulingRecord[] = []
  const metadata = files.get('metadata.json')
  if (metadata) {
    try {
      const parsed = parseRulingMetadata(JSON.parse(decodeUtf8(metadata)), pdfNames)
      records = parsed.records
      warnings.push(...parsed.warnings)
    } catch (error) {
      failed.push({ path: path.join(sourcePath, 'metadata.json'), reason: (error as Error).message })
    }
  }
  // A PDF without a record still becomes a document (unless the PDF itself is unreadable: then nothing is known).
  const onlyFromFileName = new Set<string>()
  for (const name of pdfNames) {
    if (!records.some((r) => r.pdfFile === name)) {
      const record = recordFromPdfFileName(name)
      onlyFromFileName.add(record.identifier)
      records.push(record)
    }
  }

  const docs: DocumentToStore[] = []
  const seen = new Set<string>()
  for (const record of records) {
    if (seen.has(record.identifier)) {
      warnings.push(`Registro repetido: ${record.identifier}`)
      continue
    }
    seen.add(record.identifier)
    const cls = classifyRuling(record.appealType)
    const passages: PassageToStore[] = [summaryPassage(record)]
    let pdf: Buffer | null = null
    let pageCount = 0
    if (record.pdfFile) {
      const data = files.get(`pdf/${record.pdfFile}`)
      try {
        if (!data) throw new BadFile('No se encontró el PDF')
        const parsed = await parseRulingPdf(new Uint8Array(data))
        warnings.push(...parsed.warnings.map((w) => `${record.pdfFile}: ${w}`))
        parsed.passages.forEach((p, i) => {
          passages.push({
            kind: p.section === 'fundamentos' ? 'fundamento' : p.section,
            number: null,
            label: p.label,
            heading: null,
            path: record.chamber ?? '',
            content: p.text,
            notes: [],
            pageNumber: p.page,
            ordinal: i,
          })
        })
        pdf = data
        pageCount = parsed.pages.length
      } catch (error) {
        failed.push({ path: path.join(sourcePath, 'pdf', record.pdfFile), reason: (error as Error).message })
      }
    }
    const realPdf = pdf !== null
    if (!realPdf && onlyFromFileName.has(record.identifier)) continue
    if (!pdf) ({ pdf, pageCount } = await recordSheet(record, pack))
    docs.push({
      document: {
        kind: 'sentencia',
        identifier: record.identifier,
        country: pack.country,
        title: record.caseNumber,
        tipoAlias: cls.tipoAlias,
        jerarquiaAlias: cls.jerarquiaAlias,
        rank: 'corte_suprema',
        status: record.outcome,
        publicationDate: isoDate(record.date),
        lastUpdated: isoDate(record.date),
        sourceUrl: null,
        sourcePath:
          realPdf && record.pdfFile
            ? path.join(sourcePath, 'pdf', record.pdfFile)
            : path.join(sourcePath, 'metadata.json'),
        fileName: realPdf && record.pdfFile ? record.pdfFile : 'metadata.json',
        priority: cls.priority,
        pageCount,
        metadata: record as unknown as Record<string, unknown>,
      },
      pdf,
      passages,
    })
  }
  return { docs, warnings, failed }
}
