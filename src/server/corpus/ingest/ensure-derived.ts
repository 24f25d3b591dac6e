import type { Db } from '../../db/client'

const normas = (n: number) => `${n} ${n === 1 ? 'norma' : 'normas'}`
/** A few files by name, the rest counted: a folder gone while the server was down must not fill the log line. */
const NAMED = 5
export const namedFiles = (files: readonly string[]) =>
  files.length > NAMED
    ? `${files.slice(0, NAMED).join(', ')} y ${files.length - NAMED} más`
    : files.join(', ')

/**
 * A derived index of search, as the start's log names it when it was rebuilt; `failed`: part of it could not be
 * brought up to date (the log warns).
 */
export type Rebuilt = { index: string; why: string; failed?: true }

/**
 * Brings search's derived indexes up to this release's way of building them, on an index whose files did not change
 * (ingestion's finish rebuilds them all after any change): the norm-level index when the pack changed, the norms a
 * later one repeals, the champion lists (again whenever a repeal mark changed: it weighs in them), the passage
 * marks and the articles a later norm rewrites. Each is rebuilt once, when its recorded signature differs; the PDF editions of norms whose repeal mark changed
 * are rendered again from the corpus folder, when it is given. Returns what was rebuilt, for the log.
 */
export async function ensureDerivedIndexes(db: Db, corpusDir?: string | null): Promise<Rebuilt[]> {
  // Loaded only now: a server whose index is empty never needs them.
  const [
    { ensureNormTerms },
    { ensureRepeals },
    { buildChampions, ensureChampions },
    { ensurePassageMarks },
    { ensureAmendments },
  ] = await Promise.all([
    import('../search/norm-terms'),
    import('../search/repeals'),
    import('../search/champions'),
    import('../search/passage-marks'),
    import('../search/amendments'),
  ])
  const rebuilt: Rebuilt[] = []
  if (await ensureNormTerms(db))
    rebuilt.push({ index: 'Índice de normas', why: 'cambió el paquete de conocimiento' })
  const repeals = await ensureRepeals(db)
  if (repeals) {
    rebuilt.push({ index: 'Normas derogadas', why: `cambió cómo se leen (${normas(repeals)})` })
    await buildChampions(db)
    rebuilt.push({ index: 'Listas de candidatos', why: 'cambiaron las normas derogadas' })
  } else if (await ensureChampions(db))
    rebuilt.push({ index: 'Listas de candidatos', why: 'cambió cómo se construyen' })
  if (await ensurePassageMarks(db))
    rebuilt.push({ index: 'Marcas de artículos', why: 'cambió cómo se hacen' })
  const amendments = await ensureAmendments(db)
  if (amendments)
    rebuilt.push({ index: 'Artículos modificados', why: `cambió cómo se leen (${normas(amendments)})` })
  // The PDF editions state a norm's status: those of norms whose repeal mark changed, even by a start that died
  // before rendering them, are rendered again from the folder (one query when none is).
  if (corpusDir) {
    const { renderStatusEditions } = await import('./status-editions')
    const unreadable: string[] = []
    const editions = await renderStatusEditions(db, corpusDir, (file) => unreadable.push(file))
    if (editions) rebuilt.push({ index: 'Ediciones PDF', why: `cambió el estado de ${normas(editions)}` })
    if (unreadable.length)
      rebuilt.push({
        index: 'Ediciones PDF',
        why: `no se pudo leer de nuevo el archivo de ${normas(unreadable.length)} (${namedFiles(unreadable)}); su edición dice aún el estado anterior`,
        failed: true,
      })
  }
  return rebuilt
}
