import { readFileSync } from 'node:fs'
import path from 'node:path'
import { corpusFolders } from '../../src/server/corpus/ingest/corpus-dir'
import { parseRulingMetadata } from '../../src/server/corpus/parse/ruling-metadata'

/**
 * A ruling document's identifier → the uuid of its metadata.json record (rulings-labelled.json names records by
 * uuid: two records share one case number). Ingestion's own parser gives the identifiers; a record it drops as a
 * repeat has none, one it renames ('-2') keeps its own uuid.
 */
export function rulingUuids(corpusDir: string): Map<string, string> {
  const raw = JSON.parse(
    readFileSync(path.join(corpusFolders(corpusDir).rulings, 'metadata.json'), 'utf8'),
  ) as { uuid?: unknown }[]
  const { records } = parseRulingMetadata(raw)
  const out = new Map<string, string>()
  let j = 0
  for (const item of raw) {
    const own = parseRulingMetadata([item]).records[0]?.identifier
    const next = records[j]?.identifier
    if (!own || !next || typeof item.uuid !== 'string') continue
    if (next !== own && !new RegExp(`^${own}-\\d+$`).test(next)) continue
    out.set(next, item.uuid)
    j++
  }
  return out
}
