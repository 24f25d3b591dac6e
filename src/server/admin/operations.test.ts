import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES, type Page } from '../../shared/admin/common'
import type { AdminCorpus } from '../../shared/admin/corpus'
import type { Dashboard } from '../../shared/admin/dashboard'
import {
  type AdminPayment,
  type AdminPaymentAttempt,
  PAYMENT_MESSAGES,
  type RefundResult,
  refundCreditsMessage,
} from '../../shared/admin/payments'
import type { AdminFeedback, AdminSuggestion } from '../../shared/admin/reviews'
import type { Plan } from '../../shared/payment-schemas'
import { consultations } from '../consultations/schema'
import { creditLedger } from '../credits/schema'
import { feedback } from '../feedback/schema'
import { paymentRefunds, payments, sandboxRecords } from '../payments/schema'
import { suggestions } from '../suggestions/schema'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { insertAttempt, planRow } from '../test/payment-attempts'
import { creditsOf, sandboxCardToken } from '../test/sandbox-payments'
import type { ReingestOutcome } from './deps'
import { corpusReingests } from './schema'
import { auditRows, consoleActors } from './test-setup'

const corpusDir = mkdtempSync(path.join(tmpdir(), 'lexia-admin-corpus-'))
mkdirSync(path.join(corpusDir, 'legalize-pe', 'pe'), { recursive: true })
writeFileSync(path.join(corpusDir, 'legalize-pe', 'pe', 'LEY-1-2000.md'), '# Ley de prueba\n')
const reingested: unknown[] = []
let finishReingest: (outcome: ReingestOutcome) => void = () => {}

describe.each(BACKENDS)('console: payments, feedback, suggestions, corpus and dashboard (%s)', (backend) => {
  let t: TestApp
  let actors: Awaited<ReturnType<typeof consoleActors>>
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      { CORPUS_DIR: corpusDir, WELCOME_CREDITS: '5' },
      {
        corpusReingest: (target) => {
          reingested.push(target)
          return new Promise((resolve) => {
            finishReingest = resolve
          })
        },
      },
    )
    actors = await consoleActors(t)
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const payCard = async (plan: Plan) =>
    t.call('/api/payment/create', {
      headers: { cookie: actors.ana.cookie, 'x-meli-session-id': 'device-1' },
      body: {
        token: await sandboxCardToken(t, actors.ana.cookie, 'APRO'),
        transaction_amount: plan.price,
        payment_method_id: 'visa',
        payer: { email: actors.ana.email, identification: { type: 'DNI', number: '12345678' } },
        installments: 1,
        plan_id: plan.id,
      },
    })

  /** The sandbox's own record of a payment: what the payer's side would show. */
  const sandboxPayment = async (id: string) =>
    (
      await t.db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'payment'), eq(sandboxRecords.id, id)))
    )[0]?.data

  it('lists payments and attempts, refunds in parts through the provider, each once, never below zero', async () => {
    const { asAdmin, ana } = actors
    const plans = (await (await t.call('/api/credits/plans')).json()) as Plan[]
    const plan = plans.find((p) => p.status === 'active' && p.type === 'prepaid')!
    expect((await payCard(plan)).status).toBe(200)
    const balance = await creditsOf(t, ana.cookie)
    expect(balance).toBe(5 + plan.credits)

    const list = (await (
      await asAdmin(`/api/admin/payments?q=${encodeURIComponent(ana.email)}`)
    ).json()) as Page<AdminPayment>
    expect(list.total).toBe(1)
    const payment = list.items[0]!
    expect(payment).toMatchObject({
      userEmail: ana.email,
      amount: plan.price,
      status: 'approved',
      refundedAt: null,
    })
    expect(payment.creditedAt).not.toBeNull()
    const attempts = (await (
      await asAdmin('/api/admin/payment-attempts')
    ).json()) as Page<AdminPaymentAttempt>
    expect(attempts.items[0]).toMatchObject({
      userEmail: ana.email,
      providerPaymentIds: [payment.providerPaymentId],
    })
    expect((await asAdmin('/api/admin/payments?status=APROBADO')).status).toBe(400)

    // A part first: the soles in proportion to the credits, the payment still approved, refunded in part.
    const part = Math.floor(plan.credits / 3)
    const partCents = Math.round((plan.price * 100 * part) / plan.credits)
    const first = await asAdmin(`/api/admin/payments/${payment.id}/refund`, {
      body: { credits: part, reason: 'Devolución parcial' },
    })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      creditsRemoved: part,
      resumed: false,
      refund: { credits: part, amount: partCents / 100 },
      payment: { status: 'approved', refundedAt: null, refundedCredits: part, refundPending: false },
    })
    expect(await creditsOf(t, ana.cookie)).toBe(balance - part)
    expect(await sandboxPayment(payment.providerPaymentId)).toMatchObject({
      statusDetail: 'partially_refunded',
      refunded: partCents / 100,
    })

    // She spent some: the rest takes back what is left of her balance, never more.
    await asAdmin(`/api/admin/users/${ana.id}/credits`, {
      body: { operation: 'deduct', amount: balance - part - 2, reason: 'gastado' },
    })
    expect((await asAdmin(`/api/admin/payments/${payment.id}/refund`, { body: {} })).status).toBe(400)
    for (const credits of [0, 1.5, 'todo'])
      expect(
        (
          await asAdmin(`/api/admin/payments/${payment.id}/refund`, {
            body: { credits, reason: 'Reembolso' },
          })
        ).status,
      ).toBe(400)
    const above = await asAdmin(`/api/admin/payments/${payment.id}/refund`, {
      body: { credits: plan.credits - part + 1, reason: 'Reembolso' },
    })
    expect(above.status).toBe(400)
    expect(await above.json()).toMatchObject({ message: refundCreditsMessage(plan.credits - part) })
    const refund = await asAdmin(`/api/admin/payments/${payment.id}/refund`, {
      body: { reason: 'Reembolso pedido por la usuaria' },
    })
    expect(refund.status).toBe(200)
    const rest = (await refund.json()) as RefundResult
    expect(rest).toMatchObject({
      creditsRemoved: 2,
      refund: { credits: plan.credits - part },
      payment: { status: 'refunded', refundedCredits: plan.credits, refundedAmount: plan.price },
    })
    // The parts add up to the payment to the céntimo.
    expect(Math.round(rest.refund.amount * 100) + partCents).toBe(Math.round(plan.price * 100))
    expect(await creditsOf(t, ana.cookie)).toBe(0)
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.kind, 'payment_refund'))
    expect(rows.map((r) => [r.amount, r.reason])).toEqual([
      [-part, 'Devolución parcial'],
      [-2, 'Reembolso pedido por la usuaria'],
    ])
    expect(rows.map((r) => r.reference)).toEqual(
      (await t.db.select().from(paymentRefunds).orderBy(paymentRefunds.createdAt)).map(
        (r) => `payment-refund:${r.id}`,
      ),
    )
    expect((await auditRows(t))[0]).toMatchObject({ action: 'payment.refund', entityId: String(payment.id) })
    expect(await sandboxPayment(payment.providerPaymentId)).toMatchObject({
      status: 'refunded',
      refunded: plan.price,
    })
    const twice = await asAdmin(`/api/admin/payments/${payment.id}/refund`, { body: { reason: 'otra vez' } })
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({ message: PAYMENT_MESSAGES.alreadyRefunded })
    expect((await asAdmin('/api/admin/payments/999999/refund', { body: { reason: 'nada' } })).status).toBe(
      404,
    )
  })

  it('reconciles one attempt now through the payment code', async () => {
    const { asAdmin, ana } = actors
    const attempt = await insertAttempt(t.db, {
      userId: ana.id,
      plan: await planRow(t.db),
      provider: 'sandbox',
    })
    const res = await asAdmin(`/api/admin/payment-attempts/${attempt.id}/reconcile`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      found: 0,
      credited: 0,
      attempt: { id: attempt.id, status: 'created' },
    })
    expect((await auditRows(t))[0]).toMatchObject({ action: 'payment.reconcile', entityId: attempt.id })
    expect(
      (await asAdmin('/api/admin/payment-attempts/no-es-uuid/reconcile', { method: 'POST' })).status,
    ).toBe(404)
    expect(
      (
        await asAdmin('/api/admin/payment-attempts/00000000-0000-4000-8000-000000000000/reconcile', {
          method: 'POST',
        })
      ).status,
    ).toBe(404)
  })

  it('lists feedback with its question and answer, filters, and marks it reviewed with a version', async () => {
    const { asAdmin, ana, admin } = actors
    const [c1] = await t.db
      .insert(consultations)
      .values({
        userId: ana.id,
        sessionId: 's1',
        agentId: 'general',
        countryCode: 'PE',
        question: '¿Plazo de vacaciones?',
        answer: 'Treinta días.',
        cost: 1,
        state: 'charged',
        outcome: 'answered',
      })
      .returning()
    const [c2] = await t.db
      .insert(consultations)
      .values({
        userId: ana.id,
        sessionId: 's1',
        agentId: 'general',
        countryCode: 'PE',
        question: '¿Multa de tránsito?',
        answer: null,
        cost: 1,
        state: 'refunded',
        outcome: 'skipped',
      })
      .returning()
    await t.db.insert(feedback).values([
      { userId: ana.id, historyId: c1!.id, sessionId: 's1', feedbackValue: 'positive' },
      { userId: ana.id, historyId: c2!.id, sessionId: 's1', feedbackValue: 'negative' },
    ])
    await t.db.insert(suggestions).values({ userId: ana.id, suggestion: 'Agreguen normas municipales' })

    const negative = (await (
      await asAdmin('/api/admin/feedback?value=negative')
    ).json()) as Page<AdminFeedback>
    expect(negative.items).toMatchObject([
      { question: '¿Multa de tránsito?', value: 'negative', reviewedAt: null, version: 1 },
    ])
    const searched = (await (await asAdmin('/api/admin/feedback?q=vacaciones')).json()) as Page<AdminFeedback>
    expect(searched.items).toMatchObject([{ answer: 'Treinta días.' }])
    expect((await asAdmin('/api/admin/feedback?reviewed=quizas')).status).toBe(400)

    const id = negative.items[0]!.id
    const reviewed = await asAdmin(`/api/admin/feedback/${id}`, {
      method: 'PATCH',
      body: { version: 1, reviewed: true },
    })
    expect(reviewed.status).toBe(200)
    expect(await reviewed.json()).toMatchObject({ reviewedBy: admin.email, version: 2 })
    const stale = await asAdmin(`/api/admin/feedback/${id}`, {
      method: 'PATCH',
      body: { version: 1, reviewed: false },
    })
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({ message: ADMIN_MESSAGES.stale })
    const pending = (await (
      await asAdmin('/api/admin/feedback?reviewed=false')
    ).json()) as Page<AdminFeedback>
    expect(pending.items.map((f) => f.value)).toEqual(['positive'])
    expect((await auditRows(t))[0]).toMatchObject({ action: 'feedback.review', entityId: String(id) })
    expect(
      (await asAdmin('/api/admin/feedback/99999', { method: 'PATCH', body: { version: 1, reviewed: true } }))
        .status,
    ).toBe(404)

    const list = (await (
      await asAdmin('/api/admin/suggestions?reviewed=false')
    ).json()) as Page<AdminSuggestion>
    expect(list.items).toMatchObject([
      { suggestion: 'Agreguen normas municipales', question: '¿Multa de tránsito?' },
    ])
    const s = list.items[0]!
    const done = await asAdmin(`/api/admin/suggestions/${s.id}`, {
      method: 'PATCH',
      body: { version: 1, reviewed: true },
    })
    expect(await done.json()).toMatchObject({ version: 2, reviewedBy: admin.email })
    expect(
      (
        await asAdmin(`/api/admin/suggestions/${s.id}`, {
          method: 'PATCH',
          body: { version: 2, reviewed: 'si' },
        })
      ).status,
    ).toBe(400)
    expect((await auditRows(t))[0]).toMatchObject({ action: 'suggestion.review' })
  })

  it('shows the corpus and re-ingests one file or all in the background, one at a time', async () => {
    const { asAdmin } = actors
    const corpus = (await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus
    expect(corpus).toMatchObject({ status: { state: 'idle' }, reingest: null })
    expect((await asAdmin('/api/admin/corpus/documents?sort=passages')).status).toBe(200)
    expect((await asAdmin('/api/admin/corpus/reingest', { body: { path: '../../etc/passwd' } })).status).toBe(
      400,
    )
    expect(
      (await asAdmin('/api/admin/corpus/reingest', { body: { path: 'legalize-pe/pe/NO-EXISTE.md' } })).status,
    ).toBe(404)
    expect((await asAdmin('/api/admin/corpus/reingest', { body: { all: false } })).status).toBe(400)

    const accepted = await asAdmin('/api/admin/corpus/reingest', {
      body: { path: 'legalize-pe/pe/LEY-1-2000.md' },
    })
    expect(accepted.status).toBe(202)
    expect(reingested.at(-1)).toEqual({ path: path.join('legalize-pe', 'pe', 'LEY-1-2000.md') })
    expect((await asAdmin('/api/admin/corpus/reingest', { body: { all: true } })).status).toBe(409)
    expect(((await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus).reingest).toMatchObject({
      state: 'running',
    })
    finishReingest({ ingested: 1, skipped: 0, failed: [] })
    await expect
      .poll(async () => ((await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus).reingest)
      .toMatchObject({ state: 'done', ingested: 1 })
    expect((await auditRows(t))[0]).toMatchObject({ action: 'corpus.reingest' })
    expect((await asAdmin('/api/admin/corpus/reingest', { body: { all: true } })).status).toBe(202)
    finishReingest({ ingested: 0, skipped: 1, failed: [] })
    await expect
      .poll(async () => ((await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus).reingest?.state)
      .toBe('done')
  })

  it("shows and respects another instance's re-ingestion, and fails one whose instance stopped beating", async () => {
    const { asAdmin } = actors
    // Another instance runs one (its row, as it writes it): this one shows it and refuses a second.
    const [other] = await t.db.insert(corpusReingests).values({ target: 'todo el corpus' }).returning()
    const corpus = (await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus
    expect(corpus.reingest).toMatchObject({ state: 'running', target: 'todo el corpus' })
    const busy = await asAdmin('/api/admin/corpus/reingest', {
      body: { path: 'legalize-pe/pe/LEY-1-2000.md' },
    })
    expect(busy.status).toBe(409)
    expect(await busy.json()).toMatchObject({ details: { current: { state: 'running' } } })

    // It died: three minutes without a heartbeat, and the next request takes over.
    await t.db
      .update(corpusReingests)
      .set({ heartbeatAt: sql`now() - interval '3 minutes'` })
      .where(eq(corpusReingests.id, other!.id))
    const accepted = await asAdmin('/api/admin/corpus/reingest', {
      body: { path: 'legalize-pe/pe/LEY-1-2000.md' },
    })
    expect(accepted.status).toBe(202)
    const [dead] = await t.db.select().from(corpusReingests).where(eq(corpusReingests.id, other!.id))
    expect(dead).toMatchObject({ state: 'failed', failed: [{ path: 'todo el corpus' }] })
    finishReingest({ ingested: 1, skipped: 0, failed: [] })
    await expect
      .poll(async () => ((await (await asAdmin('/api/admin/corpus')).json()) as AdminCorpus).reingest)
      .toMatchObject({ state: 'done', target: path.join('legalize-pe', 'pe', 'LEY-1-2000.md') })
  })

  it('charts the date range day by day, one value per day, and refuses a bad range', async () => {
    const { asAdmin } = actors
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
    const from = new Date(Date.parse(today) - 6 * 86_400_000).toISOString().slice(0, 10)
    const res = await asAdmin(`/api/admin/dashboard?from=${from}&to=${today}`)
    expect(res.status).toBe(200)
    const d = (await res.json()) as Dashboard
    for (const series of [
      d.consultationsPerDay,
      d.abstentionsPerDay,
      d.creditsSoldPerDay,
      d.creditsSpentPerDay,
      d.revenuePerDay,
      d.signupsPerDay,
    ])
      expect(series.map((p) => p.date)).toHaveLength(7)
    const last = (s: { value: number }[]) => s.at(-1)!.value
    expect(last(d.consultationsPerDay)).toBe(2)
    expect(last(d.abstentionsPerDay)).toBe(1)
    expect(last(d.creditsSpentPerDay)).toBe(1)
    expect(last(d.signupsPerDay)).toBe(2)
    expect(last(d.creditsSoldPerDay)).toBeGreaterThan(0)
    // The refunded payment no longer counts as revenue.
    expect(last(d.revenuePerDay)).toBe(0)
    expect(d.consultationsPerAgent).toEqual([{ agentId: 'general', name: 'Lexia General', value: 2 }])
    expect(d.consultationsPerDay.slice(0, -1).every((p) => p.value === 0)).toBe(true)
    expect(
      ((await (await asAdmin('/api/admin/dashboard')).json()) as Dashboard).consultationsPerDay,
    ).toHaveLength(30)

    for (const bad of [
      '?from=2026-13-01',
      `?from=${today}&to=${from}`,
      '?from=2020-01-01&to=2026-01-01',
      '?desde=2026-01-01',
    ])
      expect((await asAdmin(`/api/admin/dashboard${bad}`)).status, bad).toBe(400)
  })

  it('leaves the payments table as the payment code wrote it (no admin deletes)', async () => {
    expect(await t.db.select({ id: payments.id }).from(payments)).toHaveLength(1)
  })
})
