import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { StreamEvent } from '../../shared/stream-events'
import { consultationSessions, consultations, n8nPartialAnswers } from '../consultations/schema'
import { userCreditsSummary } from '../credits/schema'
import { user } from '../db/auth-schema'
import type { Db } from '../db/client'
import type { EventHub } from './hub'

/** Rows for the realtime tests, written straight to the tables as the consultation module would. */
export async function insertUser(db: Db, label: string): Promise<string> {
  const id = `u-${label}-${randomUUID().slice(0, 8)}`
  await db.insert(user).values({ id, name: label, email: `${id}@ejemplo.pe`, emailVerified: true })
  return id
}

export async function claimSession(db: Db, userId: string, sessionId = `s-${randomUUID()}`): Promise<string> {
  await db.insert(consultationSessions).values({ sessionId, userId })
  return sessionId
}

export async function insertPendingConsultation(db: Db, userId: string, sessionId: string): Promise<number> {
  const [row] = await db
    .insert(consultations)
    .values({ userId, sessionId, agentId: 'general', countryCode: 'PE', question: '¿Pregunta?', cost: 1 })
    .returning({ id: consultations.id })
  return row!.id
}

export async function insertPartial(db: Db, sessionId: string, partialAnswer: string): Promise<void> {
  await db.insert(n8nPartialAnswers).values({ sessionId, partialAnswer })
}

export async function setCredits(db: Db, userId: string, remaining: number): Promise<void> {
  await db
    .insert(userCreditsSummary)
    .values({ userId, remainingCredits: remaining, totalCredits: 10 })
    .onConflictDoUpdate({
      target: userCreditsSummary.userId,
      set: { remainingCredits: remaining, updatedAt: sql`now()` },
    })
}

export async function finishConsultation(db: Db, id: number, answer: string): Promise<void> {
  await db
    .update(consultations)
    .set({ outcome: 'answered', state: 'charged', answer, finishedAt: new Date() })
    .where(eq(consultations.id, id))
}

/** Everything the hub hands one user, with a wait for the event a test expects next. */
export function collect(hub: EventHub, userId: string) {
  const events: StreamEvent[] = []
  const waiters = new Set<{ match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }>()
  const unsubscribe = hub.subscribe(userId, (event) => {
    events.push(event)
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.delete(w)
        w.resolve(event)
      }
    }
  })
  return {
    events,
    unsubscribe,
    /** The first event (already received or still to come) that matches; fails after `timeoutMs`. */
    until(match: (e: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent> {
      const found = events.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (e: StreamEvent) => {
            clearTimeout(timer)
            resolve(e)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`evento no recibido; recibidos: ${JSON.stringify(events)}`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
  }
}

export const isPartial = (text: string) => (e: StreamEvent) =>
  e.type === 'partial' && e.partial_answer === text
