import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/query'
import { yieldToEventLoop } from '../../lib/event-loop'
import { descriptorFile, parseDescriptors } from '../pack/descriptors'
import { loadPackManifest, type PackManifest } from '../pack/manifest'
import { descriptorsDir as packDescriptorsDir } from '../pack/pack-data'
import { packDir } from '../pack/pack-dir'
import { corpusDocuments, corpusFiles } from '../schema'
import type { FileClaims } from './claims'
import { type CorpusFolders, corpusFolders, demoNames } from './corpus-dir'
import type { DocumentToStore } from './documents'
import { finishAndMark, indexNeedsFinish } from './index-state'
import type { IngestProgress } from './progress'
import { type Signatures, signatureOf } from './signatures'
import { renderStatusEditions } from './status-editions'
import { storeDocument } from './store'

export type IngestSelection = { kind: 'demo' } | { kind: 'all' } | { kind: 'paths'; paths: string[] }

export type IngestSummary = {
  files: number
  ingested: number
  skipped: number
  /** Left to another instance that was ingesting them (PostgreSQL claims). */
  busy: number
  removed: number
  /**
   * Files that could not be ingested. `stored: false` when the failure came from storing, not from the file:
   * its reason may hold a database detail, for the operator's console only.
   */
  failed: { path: string; reason: string; stored?: false }[]
  warnings: { path: string; warning: string }[]
  documents: number
  passages: number
  /** Documents and passages deleted: replaced by a changed file's, or of a vanished file. */
  removedDocuments: number
  removedPassages: number
  /** Units whose bytes were read and hashed; the others were vouched for by their signature. */
  hashed: number
  /** The derived indexes were finished at the end (something changed, or a stopped pass left them behind). */
  finished: boolean
  elapsedMs: number
}

export type IngestOptions = {
  corpusDir: string
  /**
   * The country pack's folder (packDir(): packs/pe/): where the corpus keeps its norms, rulings and demo list, the
   * country its documents are filed under, and the descriptor index.
   */
  pack?: string
  /** Where the descriptor index lives (descriptors.ts); the country pack's by default. */
  descriptorsDir?: string
  selection: IngestSelection
  onProgress?: (progress: IngestProgress, final?: boolean) => void
  /** Sizes and times of files already ingested (signatures.ts): unchanged ones are skipped unread. */
  signatures?: Signatures
  /** PostgreSQL: claim each file before ingesting it, so instances side by side never ingest one twice. */
  claims?: FileClaims
  /** How to finish the index (index-state.ts finisherFor); statement by statement by default. */
  finish?: (db: Db) => Promise<void>
  /** Called after each file, before the next: where a background pass refreshes the index now and then. */
  between?: (summary: IngestSummary) => Promise<void>
  /** Stops after the file in hand; the next pass resumes (unchanged files are skipped). */
  signal?: AbortSignal
  /** How long the pass waits at its end for files another instance holds (a minute by default). */
  busyWaitMs?: number
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
export const INGEST_VERSION = 'ingest-11'

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

function selectUnits(corpusDir: string, selection: IngestSelection, folders: CorpusFolders): Unit[] {
  const norm = (absolute: string): Unit => ({
    key: path.relative(corpusDir, absolute),
    kind: 'norma',
    absolute,
  })
  const rulingsUnit: Unit = { key: folders.rulingsKey, kind: 'sentencias', absolute: folders.rulings }
  const rulings: Unit[] = existsSync(folders.rulings) ? [rulingsUnit] : []

  if (selection.kind === 'all')
    return [...(existsSync(folders.norms) ? listNormFiles(folders.norms).map(norm) : []), ...rulings]
  if (selection.kind === 'demo')
    return [...demoNames(folders).map((n) => norm(path.join(folders.norms, n))), ...rulings]
  return selection.paths.map((p) => {
    const absolute = path.resolve(corpusDir, p)
    const insideRulings = absolute === folders.rulings || absolute.startsWith(`${folders.rulings}${path.sep}`)
    return insideRulings ? (rulings[0] ?? rulingsUnit) : norm(absolute)
  })
}

/** The files a unit is made of, for its signature (signatures.ts); read only when the signature changed. */
function unitFiles(unit: Unit, descriptorsDir: string): string[] {
  if (unit.kind === 'norma') {
    const descriptors = descriptorFile(descriptorsDir, unit.absolute)
    return descriptors ? [unit.absolute, descriptors] : [unit.absolute]
  }
  const pdfDir = path.join(unit.absolute, 'pdf')
  const pdfs = existsSync(pdfDir)
    ? readdirSync(pdfDir)
        .filter((n) => n.toLowerCase().endsWith('.pdf'))
        .sort()
        .map((n) => path.join(pdfDir, n))
    : []
  return [path.join(unit.absolute, 'metadata.json'), ...pdfs]
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

async function buildUnit(unit: Unit, files: Map<string, Buffer>, manifest: PackManifest): Promise<Built> {
  // Loaded only when a file changed: a restart that finds the folder as it left it never loads the parsers and
  // PDF libraries, and the server's memory stays as it was.
  const { buildNormDocument, buildRulingDocuments } = await import('./documents')
  if (unit.kind === 'norma') {
    const [name, data] = [...files][0]!
    const descriptors = files.get(DESCRIPTORS)
    return buildNormDocument(name, data, unit.key, descriptors && parseDescriptors(descriptors), manifest)
  }
  return buildRulingDocuments(files, unit.key, manifest)
}

/** How many documents and passages a set of identifiers holds now: what replacing or removing them deletes. */
async function countStored(db: Db, identifiers: string[]): Promise<{ documents: number; passages: number }> {
  if (!identifiers.length) return { documents: 0, passages: 0 }
  const [row] = await queryRows<{ documents: number; passages: number }>(
    db,
    sql`select count(distinct d.id)::int as documents, count(p.id)::int as passages
        from corpus_documents d left join corpus_passages p on p.document_id = d.id
        where d.identifier = any(${`{${identifiers.map((i) => `"${i}"`).join(',')}}`}::text[])`,
  )
  return row ?? { documents: 0, passages: 0 }
}

async function removeUnit(db: Db, key: string, summary: IngestSummary): Promise<void> {
  const [row] = await db.select().from(corpusFiles).where(eq(corpusFiles.path, key))
  if (!row) return
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const gone = await countStored(t, row.documentIdentifiers)
    if (row.documentIdentifiers.length)
      await tx.delete(corpusDocuments).where(inArray(corpusDocuments.identifier, row.documentIdentifiers))
    await tx.delete(corpusFiles).where(eq(corpusFiles.path, key))
    summary.removedDocuments += gone.documents
    summary.removedPassages += gone.passages
  })
  summary.removed++
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** How long a pass waits, at its end, for files another instance was ingesting. */
const BUSY_WAIT_MS = 60_000

/**
 * Ingests the selected corpus files: unchanged ones (same content hash) are skipped, changed ones replaced,
 * vanished ones removed, bad ones reported and skipped. Each unit is stored in its own transaction, so a
 * failure half-way leaves every other unit intact and the server keeps answering meanwhile.
 */
export async function ingestCorpus(db: Db, options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now()
  const pack = options.pack ?? packDir()
  const manifest = loadPackManifest(pack)
  const units = selectUnits(options.corpusDir, options.selection, corpusFolders(options.corpusDir, manifest))
  const descriptorsDir = options.descriptorsDir ?? packDescriptorsDir(pack)
  const summary: IngestSummary = {
    files: units.length,
    ingested: 0,
    skipped: 0,
    busy: 0,
    removed: 0,
    failed: [],
    warnings: [],
    documents: 0,
    passages: 0,
    removedDocuments: 0,
    removedPassages: 0,
    hashed: 0,
    finished: false,
    elapsedMs: 0,
  }
  const { signatures, claims } = options
  // Rows whose path starts with ':' are marks (index-state.ts), not files.
  const known = new Map(
    (await db.select({ path: corpusFiles.path, contentHash: corpusFiles.contentHash }).from(corpusFiles))
      .filter((r) => !r.path.startsWith(':'))
      .map((r) => [r.path, r.contentHash]),
  )
  let failedUnits = 0
  const progress = (current?: string, final = false) =>
    options.onProgress?.(
      {
        filesDone: summary.ingested + summary.skipped + summary.busy + failedUnits,
        filesTotal: units.length,
        passages: summary.passages,
        elapsedMs: performance.now() - started,
        current,
      },
      final,
    )

  /** One unit, start to end; 'busy' when another instance holds it. */
  const ingestUnit = async (unit: Unit): Promise<'done' | 'busy'> => {
    const signature = signatures && signatureOf(unitFiles(unit, descriptorsDir))
    const vouched = signature !== undefined && signatures?.get(unit.key)
    if (vouched && vouched.signature === signature && known.get(unit.key) === vouched.hash) {
      summary.skipped++
      return 'done'
    }
    const release = claims ? await claims.claim(unit.key) : async () => {}
    if (!release) return 'busy'
    try {
      const { hash, files } = readUnit(unit, descriptorsDir)
      summary.hashed++
      // What is stored now, not when the pass began: another instance may have ingested it since.
      const [row] = claims
        ? await db.select().from(corpusFiles).where(eq(corpusFiles.path, unit.key))
        : [undefined]
      const storedHash = claims ? row?.contentHash : known.get(unit.key)
      if (storedHash === hash) {
        if (signature !== undefined) signatures?.set(unit.key, signature, hash)
        summary.skipped++
        return 'done'
      }
      const { docs, warnings, failed } = await buildUnit(unit, files, manifest)
      for (const warning of warnings) summary.warnings.push({ path: unit.key, warning })
      summary.failed.push(...failed)
      try {
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db
          const [current] = await t
            .select({ documentIdentifiers: corpusFiles.documentIdentifiers })
            .from(corpusFiles)
            .where(eq(corpusFiles.path, unit.key))
          const identifiers = docs.map((d) => d.document.identifier)
          const stale = [...new Set([...(current?.documentIdentifiers ?? []), ...identifiers])]
          const gone = await countStored(t, stale)
          if (stale.length) await tx.delete(corpusDocuments).where(inArray(corpusDocuments.identifier, stale))
          let passages = 0
          for (const doc of docs) passages += await storeDocument(t, doc)
          await tx
            .insert(corpusFiles)
            .values({ path: unit.key, contentHash: hash, documentIdentifiers: identifiers })
            .onConflictDoUpdate({
              target: corpusFiles.path,
              set: { contentHash: hash, documentIdentifiers: identifiers, ingestedAt: sql`now()` },
            })
          // Counted once committed: a rolled-back unit adds nothing.
          summary.removedDocuments += gone.documents
          summary.removedPassages += gone.passages
          summary.passages += passages
        })
      } catch (error) {
        summary.failed.push({ path: unit.key, reason: failureReason(error), stored: false })
        failedUnits++
        return 'done'
      }
      known.set(unit.key, hash)
      if (signature !== undefined) signatures?.set(unit.key, signature, hash)
      summary.documents += docs.length
      summary.ingested++
    } catch (error) {
      summary.failed.push({ path: unit.key, reason: failureReason(error) })
      failedUnits++
    } finally {
      await release()
    }
    return 'done'
  }

  let busy: Unit[] = []
  for (const unit of units) {
    // PGlite answers in the same turn of the event loop, so a pass of only awaits would never let the server
    // read a request: one turn per file is what keeps it answering meanwhile.
    await yieldToEventLoop()
    if (options.signal?.aborted) break
    if ((await ingestUnit(unit)) === 'busy') busy.push(unit)
    progress(unit.key)
    await options.between?.(summary)
  }
  // Files another instance held: by now it has stored them (skipped here by hash) or let them go.
  for (
    const deadline = performance.now() + (options.busyWaitMs ?? BUSY_WAIT_MS);
    busy.length && performance.now() < deadline;
  ) {
    if (options.signal?.aborted) break
    await sleep(500)
    const left: Unit[] = []
    for (const unit of busy) {
      await yieldToEventLoop()
      if ((await ingestUnit(unit)) === 'busy') left.push(unit)
    }
    busy = left
  }
  summary.busy = busy.length
  progress(undefined)

  if (!options.signal?.aborted) {
    // Files that were ingested once and are gone from the corpus folder now.
    for (const key of known.keys()) {
      if (!existsSync(path.join(options.corpusDir, key))) {
        await removeUnit(db, key, summary)
        signatures?.delete(key)
      }
    }
    if (summary.ingested || summary.removed || (await indexNeedsFinish(db))) {
      await (options.finish ?? finishAndMark)(db)
      summary.finished = true
    }
    // The editions of norms the finish found repealed, or no longer repealed, say so (status-editions.ts).
    if (summary.finished)
      await renderStatusEditions(db, options.corpusDir, (file, error) =>
        summary.warnings.push({ path: file, warning: `edición PDF sin actualizar: ${failureReason(error)}` }),
      )
  }
  signatures?.save()
  summary.elapsedMs = performance.now() - started
  progress(undefined, true)
  return summary
}
