import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client'
import { queryRows } from '../../src/server/db/query'
import { projectRoot } from '../../src/server/lib/project-root'

/** An item of questions.json (see README.md). */
export type Question = {
  id: string
  question: string
  answers: { identifier: string; article: string }[]
  style: string
  topic: string
  split: 'tune' | 'holdout' | 'fresh' | 'judge' | 'wide' | 'sealed' | 'tune-wide'
  /** The norm's title, for the reader (questions-wide.json). */
  norm?: string
}

/** Parts never tuned on: their misses are counted, never listed or explained, and sweeps leave them out. */
export const UNSEEN_SPLITS: ReadonlySet<string> = new Set(['judge', 'wide', 'sealed'])

/**
 * Every evaluation question: the demo subset's (questions.json) and the whole folder's (questions-wide.json, norms
 * outside the demo subset). The sealed part is left out unless asked for: it is scored once, at the end of an issue.
 */
export function loadQuestions(opts: { sealed?: boolean } = {}): Question[] {
  const read = (file: string): Question[] =>
    JSON.parse(readFileSync(path.join(projectRoot(), 'bench/retrieval', file), 'utf8'))
  const all = [...read('questions.json'), ...read('questions-wide.json')]
  return opts.sealed ? all : all.filter((q) => q.split !== 'sealed')
}

/** 'IDENTIFIER#number': how a hit and an answer are compared. */
export const passageKey = (h: { identifier: string; number: string | null }) =>
  `${h.identifier}#${h.number ?? ''}`

/**
 * The keys that count as a question's answer: its articles, and for an article hidden as a word-for-word duplicate
 * (finish-index.ts), the copy search returns in its place.
 */
export async function answerKeys(db: Db): Promise<(q: Question) => Set<string>> {
  const rows = await queryRows<{ key: string; canonical: string }>(
    db,
    sql`select d.identifier || '#' || coalesce(p.number, '') as key,
          d2.identifier || '#' || coalesce(p2.number, '') as canonical
        from corpus_passages p join corpus_documents d on d.id = p.document_id
        join corpus_passages p2 on p2.id = p.duplicate_of join corpus_documents d2 on d2.id = p2.document_id`,
  )
  const canonicalOf = new Map(rows.map((r) => [r.key, r.canonical]))
  return (q) =>
    new Set(
      q.answers.flatMap((a) => {
        const key = passageKey({ identifier: a.identifier, number: a.article })
        return [key, canonicalOf.get(key) ?? key]
      }),
    )
}

/**
 * Every question of every evaluation set, for the leak check: retrieval's (sealed included) and the answer-level
 * evaluation's legal questions (bench/answers/rulings-labelled.json). The out-of-scope messages are not law.
 */
export function allEvaluationQuestions(): { id: string; question: string }[] {
  const rulings = JSON.parse(
    readFileSync(path.join(projectRoot(), 'bench/answers/rulings-labelled.json'), 'utf8'),
  ) as { id: string; question: string }[]
  return [...loadQuestions({ sealed: true }), ...rulings.map(({ id, question }) => ({ id, question }))]
}

/** The out-of-scope messages of both sets (bench/answers), as evaluation data: what the chat data must not restate. */
export function outOfScopeMessages(): { id: string; question: string }[] {
  return ['out-of-scope.json', 'out-of-scope-fresh.json'].flatMap((file) =>
    (
      JSON.parse(readFileSync(path.join(projectRoot(), 'bench/answers', file), 'utf8')) as {
        id: string
        message: string
      }[]
    ).map((m) => ({ id: m.id, question: m.message })),
  )
}
