import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { yieldToEventLoop } from '../../lib/event-loop'
import { buildAmendments } from '../search/amendments'
import { buildChampions } from '../search/champions'
import { buildCitations } from '../search/citations'
import { buildDisplayTitles } from '../search/display-titles'
import { buildNormTerms } from '../search/norm-terms'
import { buildPassageMarks } from '../search/passage-marks'
import { buildRepeals } from '../search/repeals'
import { vocabularyChanged } from '../search/vocabulary'

/** Texts shorter than this ('Derogado.', 'Vigente') are not duplicates worth hiding, however often they repeat. */
export const MIN_DUPLICATE_LENGTH = 200

/**
 * After any change: hide word-for-word duplicate articles (a code and its consolidated text, a law and its twin)
 * behind one copy — the one with most descriptor text, then the one in the highest-priority document — and
 * rebuild what search reads besides the passages: the vocabulary (misspelling correction, idf), the articles it
 * marks (sections' openings, amending articles), the norms a later one repeals and the articles it rewrites, the
 * champion lists
 * (its first stage), how often each norm is cited (a prior of use), the one title shown for a norm kept in several
 * files, and the norm-level index (which norms a question is about).
 */
export async function finishIndex(db: Db): Promise<void> {
  // Each step below is one transaction (searches see its state before or after, never halfway), with a turn of
  // the event loop between steps: on PGlite, where the server's requests wait for every statement, a search made
  // during a refresh waits for the step in hand, not for the whole refresh (docs/decisions/0018).
  await db.transaction(async (tx) => {
    await tx.execute(sql`update corpus_passages set duplicate_of = null where duplicate_of is not null`)
    await tx.execute(sql`
      with ranked as (
        select p.id,
          first_value(p.id) over (
            -- Word for word: case, spacing and punctuation aside (content_key, made as each passage is stored).
            partition by p.content_key
            -- The copy people's words describe best (a code's twin may have no descriptor index), then the
            -- higher-priority document.
            order by length(coalesce(p.descriptors, '')) desc, d.priority desc, d.identifier, p.ordinal
          ) as keep
        from corpus_passages p join corpus_documents d on d.id = p.document_id
        where length(p.content) >= ${MIN_DUPLICATE_LENGTH} and p.kind in ('articulo', 'disposicion')
      )
      update corpus_passages p set duplicate_of = r.keep from ranked r where p.id = r.id and r.keep <> r.id
    `)
  })
  await yieldToEventLoop()
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from corpus_terms`)
    await tx.execute(sql`
      insert into corpus_terms (word, ndoc, in_law)
      select s.word, s.ndoc, l.word is not null
      from ts_stat('select search from corpus_passages where duplicate_of is null') s
      left join ts_stat($$select ts_filter(search, '{a,b,c}') from corpus_passages where duplicate_of is null$$) l
        on l.word = s.word
      where length(s.word) between 3 and 40 and s.word !~ '[0-9]'
    `)
  })
  await yieldToEventLoop()
  await buildPassageMarks(db)
  await yieldToEventLoop()
  // Before the champion lists: a repealed norm's articles weigh less in them too (rank.ts statusPrior).
  await buildRepeals(db)
  await yieldToEventLoop()
  await buildAmendments(db)
  await yieldToEventLoop()
  // Inserts leave the GIN index's pending list full (PGlite runs no autovacuum): every search would scan it.
  await db.execute(sql`select gin_clean_pending_list('corpus_passages_search_idx'::regclass)`)
  await yieldToEventLoop()
  await db.execute(sql`analyze corpus_passages`)
  await yieldToEventLoop()
  await buildChampions(db)
  await yieldToEventLoop()
  await buildCitations(db)
  await yieldToEventLoop()
  await buildDisplayTitles(db)
  await yieldToEventLoop()
  await buildNormTerms(db)
  vocabularyChanged()
}
