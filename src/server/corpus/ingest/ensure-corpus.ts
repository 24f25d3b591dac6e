import type { Logger } from '../../../shared/logger'
import type { Db } from '../../db/client'
import { corpusDocuments } from '../schema'
import { resolveCorpusDir } from './corpus-dir'
import { ensureDerivedIndexes } from './ensure-derived'

export const EMPTY_INDEX_MESSAGE =
  'El índice de normas y sentencias está vacío: no se encontró el corpus (define CORPUS_DIR o ejecuta npm run corpus:ingest).'

/**
 * First start: when nothing is indexed, ingest the demo subset so the product answers from real law at once.
 * Without a corpus folder the product still starts, and says clearly that its index is empty.
 */
export async function ensureCorpus(
  db: Db,
  corpusDirSetting: string | undefined,
  logger: Logger,
): Promise<void> {
  const [any] = await db.select({ id: corpusDocuments.id }).from(corpusDocuments).limit(1)
  const corpusDir = resolveCorpusDir(corpusDirSetting)
  if (any) {
    for (const { index, why, failed } of await ensureDerivedIndexes(db, corpusDir))
      if (failed) logger.warn(`${index} sin actualizar: ${why}`)
      else logger.info(`${index} reconstruido: ${why}`)
    return
  }
  if (!corpusDir) {
    logger.warn(EMPTY_INDEX_MESSAGE, { corpusDir: corpusDirSetting ?? null })
    console.warn(`⚠  ${EMPTY_INDEX_MESSAGE}`)
    return
  }
  console.log(`Indexando el subconjunto de demostración del corpus (${corpusDir})…`)
  // Loaded only now: the parsers and PDF libraries would otherwise sit in every server's memory.
  const { ingestCorpus } = await import('./ingest')
  const { progressReporter } = await import('./progress')
  const summary = await ingestCorpus(db, {
    corpusDir,
    selection: { kind: 'demo' },
    onProgress: progressReporter(),
  })
  console.log(
    `Corpus listo: ${summary.documents} documentos, ${summary.passages} pasajes en ${(summary.elapsedMs / 1000).toFixed(1)} s`,
  )
  for (const f of summary.failed)
    logger.warn('Archivo del corpus omitido', { path: f.path, reason: f.reason })
}
