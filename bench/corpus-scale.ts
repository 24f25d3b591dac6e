// npm run bench:corpus — issue 3 figures: demo ingestion, whole-folder ingestion (time, peak RSS), search p50/p95.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resolveCorpusDir } from '../src/server/corpus/ingest/corpus-dir'
import { ingestCorpus } from '../src/server/corpus/ingest/ingest'
import { progressReporter } from '../src/server/corpus/ingest/progress'
import { openDatabase } from '../src/server/db/client'
import { migrate } from '../src/server/db/migrate'
import { projectRoot } from '../src/server/lib/project-root'

const corpusDir = resolveCorpusDir(process.env.CORPUS_DIR)
if (!corpusDir) {
  console.error('No se encontró el corpus (CORPUS_DIR o ../shared/corpus).')
  process.exit(1)
}
const only = process.argv[2]
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`
const line = (label: string, value: string, goal: string) =>
  console.log(`${label.padEnd(52)} ${value.padStart(12)}   (objetivo ${goal})`)

async function fresh() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-bench-corpus-'))
  // The embedded server's own settings (see docs/decisions/0005): this measures what users run.
  const database = await openDatabase({ dataDir })
  await migrate(database)
  return { database, dataDir }
}

if (!only || only === 'demo') {
  const { database, dataDir } = await fresh()
  const s = await ingestCorpus(database.db, { corpusDir: corpusDir!, selection: { kind: 'demo' } })
  line(
    `Ingesta demo (${s.documents} documentos, ${s.passages} pasajes)`,
    `${(s.elapsedMs / 1000).toFixed(1)} s`,
    '≤ 20 s',
  )
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
}

if (!only || only === 'all') {
  const { database, dataDir } = await fresh()
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 200)
  const s = await ingestCorpus(database.db, {
    corpusDir: corpusDir!,
    selection: { kind: 'all' },
    onProgress: progressReporter(),
  })
  clearInterval(timer)
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024)
  line(
    `Ingesta completa (${s.ingested} archivos, ${s.failed.length} con error)`,
    `${(s.elapsedMs / 1000).toFixed(1)} s`,
    '≤ 180 s',
  )
  line(`  ${s.documents} documentos, ${s.passages} pasajes; RSS máximo`, mb(peak), '≤ 1 GB')
  for (const f of s.failed) console.log(`  omitido: ${f.path}: ${f.reason}`)

  await database.close()
  // Three rounds of 200 different queries (search-rounds.ts) over the folder just indexed, in a process with npm
  // start's node flags: the server searches under them, twice as slow as under Node's defaults (decision 0043).
  const latency = spawnSync(
    process.execPath,
    [path.join(projectRoot(), 'bench/with-start-flags.mjs'), 'bench/retrieval/latency.ts', '--dir', dataDir],
    { stdio: 'inherit', cwd: projectRoot() },
  )
  rmSync(dataDir, { recursive: true, force: true })
  if (latency.status !== 0) process.exit(latency.status ?? 1)
}
