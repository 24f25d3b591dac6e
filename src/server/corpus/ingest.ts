import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { DEMO_LIST, NORMS_SUBDIR, RULINGS_SUBDIR } from './corpus-dir'
import { defaultDescriptorsDir, descriptorFile, parseDescriptors } from './descriptors'
import { buildNormDocument, buildRulingDocuments, type DocumentToStore } from './documents'
import { finishIndex } from './finish-index'
import type { IngestProgress } from './progress'
import { corpusDocuments, corpusFiles } from './schema'
import { storeDocument } from './store'

export type IngestSelection = { kind: 'demo' } | { kind: 'all' } | { kind: 'paths'; paths: string[] }

export type IngestSummary = {
  files: number
  ingested: number
  skipped: number
  removed: number
  failed: { path: string; reason: string }[]
  warnings: { path: string; warning: string }[]
  documents: number
  passages: number
  elapsedMs: number
}

export type IngestOptions = {
  corpusDir: string
  /** Where the descriptor index lives (descriptors.ts); the country pack's by default. */
  descriptorsDir?: string
  selection: IngestSelection
  onProgress?: (progress: IngestProgress, final?: boolean) => void
}

/** The cause in one short line: a database error's message carries the whole query and its parameters. */
function failureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const message = cause instanceof Error ? cause.message : String(cause)
  return message.split('\n')[0]!.slice(0, 300)
}

/** A unit of ingestion: one norm file, or the rulings folder (metadata.json and its PDFs) as a whole. */
type Unit = { key: string; kind: 'norma' | 'sentencias'; absolute: string }

export class BadCorpusFile extends Error {}

/**
 * Part of every unit's hash: bump it when parsing, rendering or indexing changes what a file turns into, so the
 * next ingestion re-does every file instead of skipping it as unchanged.
 */
export const INGEST_VERSION = 'ingest-6'

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

export function listNormFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listNormFiles(full))
    else if (entry.name.endsWith('.md') && !/^(README|LICENSE)/i.test(entry.name)) out.push(full)
  }
  return out.sort()
}

function selectUnits(corpusDir: string, selection: IngestSelection): Unit[] {
  const normsDir = path.join(corpusDir, NORMS_SUBDIR)
  const rulingsDir = path.join(corpusDir, RULINGS_SUBDIR)
  const norm = (absolute: string): Unit => ({
    key: path.relative(corpusDir, absolute),
    kind: 'norma',
    absolute,
  })
  const rulings: Unit[] = existsSync(rulingsDir)
    ? [{ key: RULINGS_SUBDIR, kind: 'sentencias', absolute: rulingsDir }]
    : []

  if (selection.kind === 'all')
    return [...(existsSync(normsDir) ? listNormFiles(normsDir).map(norm) : []), ...rulings]
  if (selection.kind === 'demo') {
    const listFile = path.join(corpusDir, DEMO_LIST)
    const names = existsSync(listFile)
      ? readFileSync(listFile, 'utf8')
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith('#'))
      : []
    return [...names.map((n) => norm(path.join(normsDir, n))), ...rulings]
  }
  return selection.paths.map((p) => {
    const absolute = path.resolve(corpusDir, p)
    const insideRulings = absolute === rulingsDir || absolute.startsWith(`${rulingsDir}${path.sep}`)
    return insideRulings
      ? (rulings[0] ?? { key: RULINGS_SUBDIR, kind: 'sentencias', absolute: rulingsDir })
      : norm(absolute)
  })
}

/** Name of a norm's descriptor file among a unit's files (no corpus file is named so). */
const DESCRIPTORS = ':descriptors'

/**
 * The bytes a unit is made of, hashed together, so an unchanged unit is skipped: a norm's file and its descriptor
 * file, or the rulings' metadata and PDFs.
 */
function readUnit(unit: Unit, descriptorsDir: string): { hash: string; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>()
  if (!existsSync(unit.absolute)) throw new BadCorpusFile('El archivo no existe')
  if (unit.kind === 'norma') {
    if (!statSync(unit.absolute).isFile()) throw new BadCorpusFile('No es un archivo')
    files.set(path.basename(unit.absolute), readFileSync(unit.absolute))
    const descriptors = descriptorFile(descriptorsDir, unit.absolute)
    if (descriptors) files.set(DESCRIPTORS, readFileSync(descriptors))
  } else {
    const metadata = path.join(unit.absolute, 'metadata.json')
    if (existsSync(metadata)) files.set('metadata.json', readFileSync(metadata))
    const pdfDir = path.join(unit.absolute, 'pdf')
    if (existsSync(pdfDir)) {
      for (const name of readdirSync(pdfDir).sort()) {
        if (name.toLowerCase().endsWith('.pdf'))
          files.set(`pdf/${name}`, readFileSync(path.join(pdfDir, name)))
      }
    }
  }
  const hash = createHash('sha256').update(INGEST_VERSION)
  for (const [name, data] of files) hash.update(name).update(sha256(data))
  return { hash: hash.digest('hex'), files }
}

type Built = { docs: DocumentToStore[]; warnings: string[]; failed: { path: string; reason: string }[] }

async function buildUnit(unit: Unit, files: Map<string, Buffer>): Promise<Built> {
  if (unit.kind === 'norma') {
    const [name, data] = [...files][0]!
    const descriptors = files.get(DESCRIPTORS)
    return buildNormDocument(name, data, unit.key, descriptors && parseDescriptors(descriptors))
  }
  return buildRulingDocuments(files, unit.key)
}

async function removeUnit(db: Db, key: string): Promise<number> {
  const [row] = await db.select().from(corpusFiles).where(eq(corpusFiles.path, key))
  if (!row) return 0
  await db.transaction(async (tx) => {
    if (row.documentIdentifiers.length)
      await tx.delete(corpusDocuments).where(inArray(corpusDocuments.identifier, row.documentIdentifiers))
    await tx.delete(corpusFiles).where(eq(corpusFiles.path, key))
  })
  return 1
}

/**
 * Ingests the selected corpus files: unchanged ones (same content hash) are skipped, changed ones replaced,
 * vanished ones removed, bad ones reported and skipped. Each unit is stored in its own transaction, so a
 * failure half-way leaves every other unit intact and the server keeps answering meanwhile.
 */
export async function ingestCorpus(db: Db, options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now()
  const units = selectUnits(options.corpusDir, options.selection)
  const descriptorsDir = options.descriptorsDir ?? defaultDescriptorsDir()
  const summary: IngestSummary = {
    files: units.length,
    ingested: 0,
    skipped: 0,
    removed: 0,
    failed: [],
    warnings: [],
    documents: 0,
    passages: 0,
    elapsedMs: 0,
  }
  const known = new Map((await db.select().from(corpusFiles)).map((r) => [r.path, r]))
  const progress = (current?: string, final = false) =>
    options.onProgress?.(
      {
        filesDone: summary.ingested + summary.skipped + summary.failed.length,
        filesTotal: units.length,
        passages: summary.passages,
        elapsedMs: performance.now() - started,
        current,
      },
      final,
    )

  for (const unit of units) {
    try {
      const { hash, files } = readUnit(unit, descriptorsDir)
      if (known.get(unit.key)?.contentHash === hash) {
        summary.skipped++
        progress(unit.key)
        continue
      }
      const { docs, warnings, failed } = await buildUnit(unit, files)
      for (const warning of warnings) summary.warnings.push({ path: unit.key, warning })
      summary.failed.push(...failed)
      await db.transaction(async (tx) => {
        const previous = known.get(unit.key)?.documentIdentifiers ?? []
        const identifiers = docs.map((d) => d.document.identifier)
        const stale = [...new Set([...previous, ...identifiers])]
        if (stale.length) await tx.delete(corpusDocuments).where(inArray(corpusDocuments.identifier, stale))
        for (const doc of docs) summary.passages += await storeDocument(tx as unknown as Db, doc)
        await tx
          .insert(corpusFiles)
          .values({ path: unit.key, contentHash: hash, documentIdentifiers: identifiers })
          .onConflictDoUpdate({
            target: corpusFiles.path,
            set: { contentHash: hash, documentIdentifiers: identifiers, ingestedAt: sql`now()` },
          })
      })
      summary.documents += docs.length
      summary.ingested++
    } catch (error) {
      summary.failed.push({ path: unit.key, reason: failureReason(error) })
    }
    progress(unit.key)
  }

  // Files that were ingested once and are gone from the corpus folder now.
  for (const key of known.keys()) {
    if (!existsSync(path.join(options.corpusDir, key))) summary.removed += await removeUnit(db, key)
  }
  if (summary.ingested || summary.removed) await finishIndex(db)
  summary.elapsedMs = performance.now() - started
  progress(undefined, true)
  return summary
}
