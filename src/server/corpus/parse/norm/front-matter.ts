/**
 * Front matter of a legalize-pe norm: splits the YAML header from the Markdown body and reads the header into
 * the norm's metadata (identifier, title, rank, dates, source…), rejecting files whose header is missing,
 * unclosed, unreadable or lacks an identifier or title.
 */
import { parse as parseYaml } from 'yaml'
import type { NormMeta } from '../../types'
import { decodeEntities } from '../entity-debris'
import { NormParseError } from './error'

type FrontMatter = { meta: NormMeta; body: string }

export function splitFrontMatter(markdown: string, fileName: string): FrontMatter {
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
  // The publisher's headers keep HTML entities ('Ley de Radio y Televisi&oacute;n'): read, shown and searched decoded.
  const s = decodeEntities(String(value)).replace(/\s+/g, ' ').trim()
  return s || null
}
