import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * What the file system says of a unit's files without reading them: sizes and modification times. A start with
 * the whole folder indexed checks 3,500 files; reading and hashing 75 MB of them to learn that nothing changed is
 * what this spares. The content hash stays the truth: a signature only vouches for the hash it was recorded with,
 * and that hash must still be the one stored in corpus_files.
 */
export type Signatures = {
  get(key: string): { signature: string; hash: string } | undefined
  set(key: string, signature: string, hash: string): void
  delete(key: string): void
  save(): void
}

/** `name:size:mtime` of each file, in order; a missing file counts as such. */
export function signatureOf(files: string[]): string {
  return files
    .map((f) => {
      try {
        const s = statSync(f)
        return `${path.basename(f)}:${s.size}:${Math.round(s.mtimeMs)}`
      } catch {
        return `${path.basename(f)}:-`
      }
    })
    .join('|')
}

type Stored = { version: string; units: Record<string, { signature: string; hash: string }> }

/**
 * Kept in a JSON file beside the data (data/corpus-signatures.json): a cache, so losing it costs one hashing
 * pass, and another instance's file (PostgreSQL) is checked against the same stored hashes. `version` is the
 * ingestion version: a new one makes every signature stale.
 */
export function signatureFile(file: string, version: string): Signatures {
  let units: Stored['units'] = {}
  try {
    if (existsSync(file)) {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored
      if (stored.version === version && stored.units && typeof stored.units === 'object') units = stored.units
    }
  } catch {
    // A damaged cache is no cache.
  }
  let dirty = false
  return {
    get: (key) => units[key],
    set(key, signature, hash) {
      const old = units[key]
      if (old?.signature === signature && old.hash === hash) return
      units[key] = { signature, hash }
      dirty = true
    },
    delete(key) {
      if (!(key in units)) return
      delete units[key]
      dirty = true
    },
    save() {
      if (!dirty) return
      mkdirSync(path.dirname(file), { recursive: true })
      // Written aside and renamed: a crash mid-write leaves the previous file, not half of one.
      const tmp = `${file}.${process.pid}.tmp`
      writeFileSync(tmp, JSON.stringify({ version, units } satisfies Stored))
      renameSync(tmp, file)
      dirty = false
    },
  }
}

/** The data folder's signatures, shared by the server's background pass and `npm run corpus:ingest`. */
export const dataDirSignatures = (dataDir: string, version: string) =>
  signatureFile(path.join(dataDir, 'corpus-signatures.json'), version)
