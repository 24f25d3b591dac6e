import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '../../shared/payment-schemas'
import { creditLedger } from '../credits/schema'
import { grantAdmin } from '../test/admins'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { creditsOf, sandboxCardToken } from '../test/sandbox-payments'
import { signedInPerson, type TestPerson } from '../test/users'
import { settleSandboxPayment } from './sandbox/settle'
import { payments, userPlanPurchases } from './schema'
import { signNotification } from './signature'

const SERVICE_SECRET = 'secreto-de-servicio-0123456789'

describe.each(BACKENDS)('buying credits (sandbox) on %s', (backend) => {
  let t: TestApp
  let ana: TestPerson
  let beto: TestPerson
  let admin: TestPerson
  let plans: Plan[]
  beforeAll(async () => {
    t = await createTestApp(backend, {
      SERVICE_SECRET,
      WELCOME_CREDITS: '5',
    })
    ana = await signedInPerson(t, 'ana')
    beto = await signedInPerson(t, 'beto')
    admin = await signedInPerson(t, 'admin')
    await grantAdmin(t, admin)
    plans = (await (await t.call('/api/credits/plans')).json()) as Plan[]
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  const as = (who: TestPerson | null): Record<string, string> => (who ? { cookie: who.cookie } : {})
  const plan = (planId: string) => plans.find((p) => p.planId === planId)!
  const credits = (who: TestPerson) => creditsOf(t, who.cookie)
  const cardToken = (who: TestPerson, cardholderName: string) =>
    sandboxCardToken(t, who.cookie, cardholderName)
  const payCard = async (who: TestPerson | null, p: Plan, token: string | undefined, amount = p.price) =>
    t.call('/api/payment/create', {
      headers: { ...as(who), 'x-meli-session-id': 'device-1' },
      body: {
        token,
        transaction_amount: amount,
        payment_method_id: 'visa',
        payer: { email: who?.email ?? 'x@y.pe', identification: { type: 'DNI', number: '12345678' } },
        installments: 1,
        plan_id: p.id,
        planId: p.planId,
      },
    })
  const yapeToken = async (who: TestPerson, phoneNumber: string, otp = '123456') =>
    (
      (await (
        await t.call('/api/payment/sandbox/yape-token', { headers: as(who), body: { phoneNumber, otp } })
      ).json()) as {
        id: string
      }
    ).id
  const payYape = async (who: TestPerson, p: Plan, token: string) =>
    t.call('/api/payment/yape', {
      headers: as(who),
      body: { token, transaction_amount: p.price, installments: 1, payment_method_id: 'yape', plan_id: p.id },
    })
  const webhook = (id: string, secret = t.config.payments.webhookSecret, type = 'payment') => {
    const requestId = crypto.randomUUID()
    return t.call(`/api/payment/webhook?data.id=${id}&type=${type}`, {
      headers: {
        origin: '',
        'x-request-id': requestId,
        'x-signature': signNotification(secret, id, requestId, String(Math.floor(Date.now() / 1000))),
      },
      body: { action: 'payment.updated', type, data: { id } },
    })
  }
  const ledgerRows = async () => (await t.db.select({ n: count() }).from(creditLedger))[0]!.n
  const paymentRows = async () => (await t.db.select({ n: count() }).from(payments))[0]!.n

  it('lists the plans in PEN: three prepaid (one popular, one offer), a subscription and a soon plan', () => {
    const prepaid = plans.filter((p) => p.type === 'prepaid' && p.status === 'active')
    expect(prepaid.length).toBeGreaterThanOrEqual(3)
    expect(prepaid.some((p) => p.is_popular)).toBe(true)
    expect(prepaid.some((p) => p.is_offer)).toBe(true)
    expect(plans.some((p) => p.type === 'subscription' && p.period_months === 1)).toBe(true)
    expect(plans.some((p) => p.status === 'soon')).toBe(true)
    expect(plans.every((p) => p.currency === 'PEN' && p.currency_alias === 'S/')).toBe(true)
  })

  it('pays a prepaid plan by card (APRO): credits once, with its purchase date; the client amount is ignored', async () => {
    const p = plan('estandar-30')
    const before = await credits(ana)
    const res = await payCard(ana, p, await cardToken(ana, 'APRO Ana'), 0.01)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { success: boolean; paymentId: string; status: string }
    expect(body).toMatchObject({ success: true, status: 'approved', statusDetail: 'accredited' })
    expect(await credits(ana)).toBe(before + p.credits)
    const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, body.paymentId))
    expect(row).toMatchObject({ amountCents: Math.round(p.price * 100), currency: 'PEN', status: 'approved' })
    const state = (await (await t.call('/api/credits/purchases', { headers: as(ana) })).json()) as {
      purchases: { plan_id: number; purchase_date: string }[]
    }
    expect(state.purchases.find((x) => x.plan_id === p.id)?.purchase_date).toMatch(/^\d{4}-\d\d-\d\dT/)
    // The same payment reported again by webhook changes nothing.
    const ledger = await ledgerRows()
    expect((await webhook(body.paymentId)).status).toBe(200)
    expect(await ledgerRows()).toBe(ledger)
    expect(await credits(ana)).toBe(before + p.credits)
  })

  it('refuses FUND with the insufficient-funds detail and credits nothing', async () => {
    const before = await credits(ana)
    const res = await payCard(ana, plan('inicial-10'), await cardToken(ana, 'FUND'))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { paymentId: string }
    expect(body).toMatchObject({
      success: false,
      status: 'rejected',
      statusDetail: 'cc_rejected_insufficient_amount',
    })
    // Its notification credits nothing either.
    expect(await (await webhook(body.paymentId)).json()).toEqual({ received: true, result: 'rejected' })
    expect(await credits(ana)).toBe(before)
  })

  it('answers a missing token with missing_token, an unbuyable plan and bad input with Spanish errors', async () => {
    const missing = await payCard(ana, plan('inicial-10'), undefined)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      success: false,
      error: { code: 'missing_token', message: 'No se ha generado el token de la tarjeta' },
    })
    const soon = await payCard(ana, plan('estudio-juridico'), await cardToken(ana, 'APRO'))
    expect(soon.status).toBe(400)
    expect(await soon.json()).toMatchObject({ code: 'INVALID_PARAMS', message: 'El plan no está disponible' })
    const subscription = await payCard(ana, plan('mensual-60'), await cardToken(ana, 'APRO'))
    expect(subscription.status).toBe(400)
    const bad = await t.call('/api/payment/create', { headers: as(ana), body: { plan_id: 'x' } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Datos de pago inválidos' })
    expect((await payCard(null, plan('inicial-10'), 'tok')).status).toBe(401)
    // A token is spent once, and only by a card payment.
    const token = await cardToken(ana, 'APRO')
    expect((await payCard(ana, plan('inicial-10'), token)).status).toBe(200)
    const reused = await payCard(ana, plan('inicial-10'), token)
    expect(await reused.json()).toMatchObject({ success: false, statusDetail: 'invalid_card' })
  })

  it('pays with Yape: 111111111 approved, 111111113 without funds, a wrong OTP unauthorized', async () => {
    const p = plan('inicial-10')
    const before = await credits(beto)
    const ok = await payYape(beto, p, await yapeToken(beto, '111111111'))
    expect(await ok.json()).toMatchObject({ status: 'approved', status_detail: 'accredited' })
    expect(await credits(beto)).toBe(before + p.credits)
    const poor = await payYape(beto, p, await yapeToken(beto, '111111113'))
    expect(await poor.json()).toMatchObject({
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
    })
    const wrong = await payYape(beto, p, await yapeToken(beto, '111111111', '654321'))
    expect(await wrong.json()).toMatchObject({ status: 'rejected', status_detail: 'yape_unauthorized' })
    expect(await credits(beto)).toBe(before + p.credits)
    const five = await t.call('/api/payment/sandbox/yape-token', {
      headers: as(beto),
      body: { phoneNumber: '111111111', otp: '12345' },
    })
    expect(await five.json()).toMatchObject({ message: 'Debes ingresar exactamente 6 dígitos' })
  })

  it('credits a pending Yape payment once when it is settled, however often and concurrently it is notified', async () => {
    const p = plan('inicial-10')
    const before = await credits(beto)
    const pending = (await (await payYape(beto, p, await yapeToken(beto, '111111119'))).json()) as {
      id: string
      status: string
    }
    expect(pending.status).toBe('in_process')
    expect(await credits(beto)).toBe(before)
    // Not approved yet: notifications change nothing.
    expect((await webhook(pending.id)).status).toBe(200)
    expect(await credits(beto)).toBe(before)

    // What `npm run payments:settle` does: approve at the sandbox, then a signed webhook.
    const settled = await settleSandboxPayment(
      { baseUrl: t.config.baseUrl, webhookSecret: t.config.payments.webhookSecret, paymentId: pending.id },
      (url, init) => Promise.resolve(t.app.fetch(new Request(url, init))),
    )
    expect(settled).toEqual({ ok: true, result: 'acreditado' })
    expect(await credits(beto)).toBe(before + p.credits)
    expect(
      await settleSandboxPayment(
        { baseUrl: t.config.baseUrl, webhookSecret: t.config.payments.webhookSecret, paymentId: pending.id },
        (url, init) => Promise.resolve(t.app.fetch(new Request(url, init))),
      ),
    ).toEqual({ ok: false, message: 'No hay un pago pendiente con ese id' })
    for (let i = 0; i < 10; i++) expect((await webhook(pending.id)).status).toBe(200)
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => webhook(pending.id)))
    expect(concurrent.every((r) => r.status === 200)).toBe(true)
    expect(await credits(beto)).toBe(before + p.credits)
    const refs = await t.db
      .select({ n: count() })
      .from(creditLedger)
      .where(eq(creditLedger.reference, `payment:sandbox:${pending.id}`))
    expect(refs[0]!.n).toBe(1)
    const purchases = await t.db
      .select({ n: count() })
      .from(userPlanPurchases)
      .innerJoin(payments, eq(payments.id, userPlanPurchases.paymentId))
      .where(eq(payments.providerPaymentId, pending.id))
    expect(purchases[0]!.n).toBe(1)
  })

  it('writes nothing for a bad or stale signature', async () => {
    const pending = (await (
      await payYape(beto, plan('inicial-10'), await yapeToken(beto, '111111119'))
    ).json()) as { id: string }
    const rows = await paymentRows()
    const ledger = await ledgerRows()
    expect((await webhook(pending.id, 'otro-secreto')).status).toBe(401)
    const requestId = crypto.randomUUID()
    const stale = await t.call(`/api/payment/webhook?data.id=${pending.id}&type=payment`, {
      headers: {
        origin: '',
        'x-request-id': requestId,
        'x-signature': signNotification(
          t.config.payments.webhookSecret,
          pending.id,
          requestId,
          String(Math.floor(Date.now() / 1000) - 3600),
        ),
      },
      body: {},
    })
    expect(stale.status).toBe(401)
    const unsigned = await t.call(`/api/payment/webhook?data.id=${pending.id}&type=payment`, {
      headers: { origin: '' },
      body: {},
    })
    expect(unsigned.status).toBe(401)
    const settleUnsigned = await t.call(`/api/payment/sandbox/payments/${pending.id}/settle`, {
      headers: { origin: '' },
      body: {},
    })
    expect(settleUnsigned.status).toBe(401)
    expect(await paymentRows()).toBe(rows)
    expect(await ledgerRows()).toBe(ledger)
  })

  it('subscribes, grants the period on authorisation, shows its end, and cancels; nobody else can cancel it', async () => {
    const p = plan('mensual-60')
    const before = await credits(ana)
    const res = await t.call('/api/payment/subscription', { headers: as(ana), body: { plan_id: p.id } })
    expect(res.status).toBe(200)
    const sub = (await res.json()) as { id: string; status: string; init_point: string }
    expect(sub.status).toBe('pending')
    expect(sub.init_point).toBe(`${t.config.baseUrl}/api/payment/sandbox/subscriptions/${sub.id}`)
    const page = await t.call(`/api/payment/sandbox/subscriptions/${sub.id}`, { headers: as(ana) })
    expect(await page.text()).toContain('Autorizar suscripción')
    // Another user can neither authorise nor cancel it.
    expect(
      (
        await t.call(`/api/payment/sandbox/subscriptions/${sub.id}/authorize`, {
          headers: as(beto),
          body: {},
        })
      ).status,
    ).toBe(404)
    expect(
      (await t.call('/api/payment/subscription/cancel', { headers: as(beto), body: { plan_id: p.id } }))
        .status,
    ).toBe(404)

    const authorized = await t.call(`/api/payment/sandbox/subscriptions/${sub.id}/authorize`, {
      headers: as(ana),
      body: {},
    })
    expect(authorized.status).toBe(303)
    expect(await credits(ana)).toBe(before + p.credits)
    const state = (await (await t.call('/api/credits/purchases', { headers: as(ana) })).json()) as {
      subscriptions: { plan_id: number; status: string; active_until: string | null }[]
    }
    const mine = state.subscriptions.find((s) => s.plan_id === p.id)!
    expect(mine.status).toBe('authorized')
    expect(Date.parse(mine.active_until!)).toBeGreaterThan(Date.now() + 25 * 86_400_000)
    const again = await t.call('/api/payment/subscription', { headers: as(ana), body: { plan_id: p.id } })
    expect(await again.json()).toMatchObject({ message: 'Ya tienes una suscripción activa a este plan' })

    const cancel = await t.call('/api/payment/subscription/cancel', {
      headers: as(ana),
      body: { plan_id: p.id },
    })
    expect(await cancel.json()).toEqual({ status: 'cancelled' })
    const after = (await (await t.call('/api/credits/purchases', { headers: as(ana) })).json()) as {
      subscriptions: unknown[]
    }
    expect(after.subscriptions).toEqual([])
  })

  it('lets only admins and services add or deduct credits, with the spec messages', async () => {
    const add = (headers: Record<string, string>, body: unknown) =>
      t.call('/api/credits/add', { headers, body })
    const deduct = (headers: Record<string, string>, body: unknown) =>
      t.call('/api/credits/deduct', { headers, body })
    expect((await add(as(ana), { userId: ana.id, amount: 100 })).status).toBe(403)
    expect((await deduct(as(ana), { userId: beto.id, amount: 1 })).status).toBe(403)
    expect((await add({ origin: '' }, { userId: ana.id, amount: 1 })).status).toBe(401)
    expect((await add({ 'x-service-secret': 'mal' }, { userId: ana.id, amount: 1 })).status).toBe(401)

    const service = { 'x-service-secret': SERVICE_SECRET }
    expect(await (await add(service, { userId: ana.id, amount: 0 })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'La cantidad a añadir debe ser mayor que cero',
    })
    expect(await (await deduct(service, { userId: ana.id, amount: -2 })).json()).toMatchObject({
      message: 'La cantidad a deducir debe ser mayor que cero',
    })
    expect((await add(service, { userId: 'nadie', amount: 1 })).status).toBe(404)
    const before = await credits(beto)
    const added = await add(service, { userId: beto.id, amount: 7 })
    expect(await added.json()).toMatchObject({ remaining_credits: before + 7 })
    const taken = await deduct(as(admin), { userId: beto.id, amount: 2 })
    expect(taken.status).toBe(200)
    expect(await taken.json()).toMatchObject({ remaining_credits: before + 5 })
    const tooMuch = await deduct(service, { userId: beto.id, amount: 100_000 })
    expect(tooMuch.status).toBe(402)
    expect(await credits(beto)).toBe(before + 5)
  })

  it('answers an empty list when there are no plans', async () => {
    await t.db.execute(sql`update credit_plans set status = 'inactive'`)
    expect(await (await t.call('/api/credits/plans')).json()).toEqual([])
    await t.db.execute(sql`update credit_plans set status = 'active' where plan_id <> 'estudio-juridico'`)
  })
})
