import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { type AdminCorpus, CORPUS_MESSAGES } from '../../shared/admin/corpus'
import type { Logger } from '../../shared/logger'
import type { Db } from '../db/client'
import { sqlState } from '../db/errors'
import { writeAudit } from './audit'
import type { ReingestOutcome } from './deps'
import { conflictError, iso } from './http'
import { corpusReingests } from './schema'

/** How often the running instance says it is alive, and when silence means it died (docs/decisions/0027). */
export const REINGEST_HEARTBEAT_MS = 30_000
export const REINGEST_STALE_MS = 120_000
const STALE_REASON = 'La instancia que la hacía dejó de responder'

type Row = typeof corpusReingests.$inferSelect

const toRun = (r: Row): NonNullable<AdminCorpus['reingest']> => ({
  state: r.state,
  target: r.target,
  startedAt: iso(r.startedAt)!,
  finishedAt: iso(r.finishedAt),
  ingested: r.ingested,
  skipped: r.skipped,
  failed: r.failed,
})

/** The re-ingestion running, or the last one's result, whichever instance ran it; null before the first. */
export async function latestReingest(db: Db): Promise<AdminCorpus['reingest']> {
  const [row] = await db.select().from(corpusReingests).orderBy(desc(corpusReingests.id)).limit(1)
  return row ? toRun(row) : null
}

/**
 * Claims the one running slot for `target` with its audit row, in one transaction: a running row whose instance
 * stopped beating is failed first; another live one answers 409 with it. Returns the new row's id.
 */
export async function openReingest(
  db: Db,
  admin: { id: string; email: string },
  target: string,
  staleMs = REINGEST_STALE_MS,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      await tx
        .update(corpusReingests)
        .set({
          state: 'failed',
          finishedAt: sql`now()`,
          failed: sql`jsonb_build_array(jsonb_build_object('path', ${corpusReingests.target}, 'reason', ${STALE_REASON}::text))`,
        })
        .where(
          and(
            eq(corpusReingests.state, 'running'),
            lt(corpusReingests.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
          ),
        )
      const [row] = await tx.insert(corpusReingests).values({ target, actorId: admin.id }).returning()
      await writeAudit(tx, admin, {
        action: 'corpus.reingest',
        entity: 'corpus',
        entityId: target,
        after: { target },
      })
      return row!.id
    })
  } catch (error) {
    if (sqlState(error) !== '23505') throw error
    throw conflictError(CORPUS_MESSAGES.busy, { current: await latestReingest(db) })
  }
}

/** Runs the re-ingestion in the background, beating while it runs, and stores how it ended. */
export function runReingest(
  db: Db,
  logger: Logger,
  id: number,
  work: () => Promise<ReingestOutcome>,
  heartbeatMs = REINGEST_HEARTBEAT_MS,
): Promise<void> {
  const mine = eq(corpusReingests.id, id)
  const beat = setInterval(() => {
    db.update(corpusReingests)
      .set({ heartbeatAt: sql`now()` })
      .where(mine)
      .catch((error: unknown) =>
        logger.warn('No se pudo marcar la reingesta como viva', { error: String(error) }),
      )
  }, heartbeatMs)
  beat.unref()
  const finish = (set: Partial<typeof corpusReingests.$inferInsert>) =>
    db
      .update(corpusReingests)
      .set({ ...set, finishedAt: sql`now()` })
      .where(and(mine, eq(corpusReingests.state, 'running')))
  return work()
    .then((outcome) => finish({ state: 'done', ...outcome }))
    .catch(async (error: unknown) => {
      logger.error('La reingesta pedida desde la consola falló', { id, error: String(error) })
      await finish({ state: 'failed' })
    })
    .catch((error: unknown) =>
      logger.error('No se pudo guardar el fin de la reingesta', { error: String(error) }),
    )
    .then(() => undefined)
    .finally(() => clearInterval(beat))
}
