import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { LOCK_SCOPES, lockForTransaction } from '../../db/advisory-lock'
import type { Db } from '../../db/client'
import { needsBuild, recordBuild } from './build-marks'
import { vocabularyChanged } from './vocabulary'

/**
 * An article that opens by amending another norm ('Modifícase el artículo 5 de la Ley N.° 30364…', 'Incorpórase…',
 * 'Derógase…', or as laws are drafted since about 2019, 'Se modifica…', 'Se incorporan…': 318 articles of the whole
 * folder that the older forms alone left unmarked): its text lives on in the norm it amends, which the folder mostly
 * holds consolidated. See RANK.amending.
 */
const AMENDING_OPENING = String.raw`^\W*(?:se\s+)?(modif[iíÍ]c|modif[iíÍ]qu|incorp[oóÓ]r|sustit[uúÚ]y|der[oóÓ]g|agr[eéÉ]g)`

/** The row of corpus_files that records how the marks were made (no file: corpus keys never start ':'). */
const MARKS_MARK = ':passage-marks'

/** What the marks are made with: a release that marks otherwise gets them rebuilt at the next start. */
export const marksSignature = (): string =>
  createHash('sha256')
    .update(JSON.stringify({ opening: 2, amending: AMENDING_OPENING }))
    .digest('hex')
    .slice(0, 16)

/**
 * Marks the articles search treats apart (corpus_passage_marks), after duplicates are hidden: the first two
 * articles of each section (RANK.opening) and those that amend another norm (RANK.amending). Computed once per
 * ingestion instead of at every vocabulary load, where the two scans of every article cost about 300 ms of a first
 * search on the whole folder (docs/decisions/0015 §13).
 */
export async function buildPassageMarks(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Two instances rebuilding at once (ensurePassageMarks after an upgrade) take turns, as the champion lists do.
    await lockForTransaction(tx, LOCK_SCOPES.passageMarks, 'build')
    await tx.execute(sql`delete from corpus_passage_marks`)
    await tx.execute(sql`
      insert into corpus_passage_marks (passage_id, opening, amending)
      select id, case when rn <= 2 then rn end, amending
      from (
        select id,
          row_number() over (partition by document_id, path order by ordinal)::int as rn,
          left(content, 60) ~* ${AMENDING_OPENING} as amending
        from corpus_passages where kind = 'articulo' and duplicate_of is null
      ) x
      where rn <= 2 or amending`)
    await recordBuild(tx, MARKS_MARK, marksSignature())
  })
}

/** Rebuilds the marks when this release makes them otherwise (or a database has none yet). True when it did. */
export async function ensurePassageMarks(db: Db): Promise<boolean> {
  if (!(await needsBuild(db, MARKS_MARK, marksSignature()))) return false
  await buildPassageMarks(db)
  vocabularyChanged()
  return true
}
