import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { corpusDocuments } from '../corpus/schema'
import type { Db } from '../db/client'
import { type RulingText, rulingText } from './ruling-subject'

/**
 * The sumillas of a country's rulings, as words: what tells the court's everyday vocabulary from a ruling's own
 * subject (ruling-subject.ts rulingIdeas). Read once per database and country, and again after a minute, so a
 * server beside an ingestion catches up; a few hundred short texts.
 */
const MAX_AGE_MS = 60_000
const cache = new WeakMap<Db, Map<string, { at: number; value: Promise<RulingText[]> }>>()

async function load(db: Db, country: string): Promise<RulingText[]> {
  const rows = await db
    .select({ summary: sql<string>`${corpusDocuments.metadata}->>'summary'` })
    .from(corpusDocuments)
    .where(
      and(
        eq(corpusDocuments.kind, 'sentencia'),
        eq(corpusDocuments.country, country),
        isNotNull(sql`${corpusDocuments.metadata}->>'summary'`),
      ),
    )
  return rows.map((r) => rulingText(r.summary))
}

export function rulingSummaries(db: Db, country: string): Promise<RulingText[]> {
  const byCountry = cache.get(db) ?? new Map()
  cache.set(db, byCountry)
  const cached = byCountry.get(country)
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value
  const value = load(db, country)
  byCountry.set(country, { at: Date.now(), value })
  // A failed read is not kept: the next question tries again.
  value.catch(() => byCountry.delete(country))
  return value
}
