// npm run corpus:ingest -- [--demo | --all | PATHS...]
import { fileClaims } from '../corpus/ingest/claims'
import { resolveCorpusDir } from '../corpus/ingest/corpus-dir'
import { finisherFor } from '../corpus/ingest/index-state'
import { INGEST_VERSION, type IngestSelection, ingestCorpus } from '../corpus/ingest/ingest'
import { progressReporter } from '../corpus/ingest/progress'
import { dataDirSignatures } from '../corpus/ingest/signatures'
import { openForCli } from './open-for-cli'

const args = process.argv.slice(2)
const selection: IngestSelection = args.includes('--all')
  ? { kind: 'all' }
  : args.filter((a) => !a.startsWith('--')).length
    ? { kind: 'paths', paths: args.filter((a) => !a.startsWith('--')) }
    : { kind: 'demo' }

const { config, database } = await openForCli()
const corpusDir = resolveCorpusDir(config.corpusDir)
if (!corpusDir) {
  console.error(
    'No se encontró la carpeta del corpus: define CORPUS_DIR (o deja ../shared/corpus junto al proyecto).',
  )
  process.exit(1)
}
console.log(
  `Ingiriendo ${selection.kind === 'paths' ? `${selection.paths.length} rutas` : selection.kind === 'all' ? 'todo el corpus' : 'el subconjunto de demostración'} desde ${corpusDir}`,
)
// Beside running servers on PostgreSQL: the same claims and the same locked finish as their background pass.
const claims = await fileClaims(database)
const summary = await ingestCorpus(database.db, {
  corpusDir,
  selection,
  onProgress: progressReporter(),
  claims,
  finish: finisherFor(database.kind),
  signatures: dataDirSignatures(config.dataDir, INGEST_VERSION),
})
await claims?.close()
await database.close()

const s = (n: number) => n.toLocaleString('es-PE')
console.log(
  `\nArchivos: ${s(summary.files)} · ingeridos ${s(summary.ingested)} · sin cambios ${s(summary.skipped)} · eliminados ${s(summary.removed)} · con error ${s(summary.failed.length)}${summary.busy ? ` · en curso en otra instancia ${s(summary.busy)}` : ''}`,
)
console.log(
  `Documentos: ${s(summary.documents)} · pasajes: ${s(summary.passages)} · ${(summary.elapsedMs / 1000).toFixed(1)} s`,
)
if (summary.failed.length) {
  console.log('\nArchivos omitidos:')
  for (const f of summary.failed) console.log(`  ${f.path}: ${f.reason}`)
}
if (summary.warnings.length)
  console.log(`\nAvisos del análisis: ${s(summary.warnings.length)} (los primeros 20):`)
for (const w of summary.warnings.slice(0, 20)) console.log(`  ${w.path}: ${w.warning}`)
process.exit(summary.failed.length && !summary.ingested && !summary.skipped ? 1 : 0)
