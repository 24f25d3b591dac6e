// A real server process killed with SIGKILL mid-consultation and mid-payment, then started again once: what the
// crash test (src/server/recovery/crash.test.ts) asserts and the recovery bench (bench/recovery.ts) times.
// PostgreSQL only: it is what several processes share, and what survives a killed server untouched.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { bundleDir, bundleForNode } from '../../../scripts/bundle-for-node.mjs'
import { agents } from '../agents/schema'
import { consultations } from '../consultations/schema'
import { creditLedger, userCreditsSummary } from '../credits/schema'
import { type Database, openDatabase } from '../db/client'
import { queryRows } from '../db/query'
import { projectRoot } from '../lib/project-root'
import { creditPlans, payments, sandboxRecords } from '../payments/schema'
import { recoveryTimings, reservationLimitMs } from '../recovery/timings'
import { LEGAL_INTENT_MODEL_ENV } from '../research/legal-intent'
import { type FakeServer, startFakeServer } from './fake-http'
import { lastMailTo, tokenFromLink } from './mailbox'

export const AUTH_SECRET = 'crash-test-secret-crash-test-secret-0123'

/** The server's entry point (main.ts, what `npm start` runs), bundled once like scripts/run-ts.mjs does. */
export async function bundleServer(): Promise<{ file: string; remove(): void }> {
  const dir = bundleDir('.crash-')
  const file = path.join(dir, 'main.mjs')
  await bundleForNode('src/server/main.ts', file)
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** An empty database on the TEST_DATABASE_URL server: the server process migrates and seeds it itself. */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!)
  const name = `lexia_crash_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base.toString() })
    await client.connect()
    await client.query(query)
    await client.end()
  }
  await admin(`create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

export type ServerProcess = { child: ChildProcess; output(): string }

/**
 * How long a start may take before the scenario gives up. A quiet machine answers in about 3.5 s (loading the
 * bundle's modules, migrating, reading the intent classifier back); under the whole test suite on two cores one CI
 * start took over 30 s. What the scenario asserts is recovery, not start time (bench/recovery.ts times it).
 */
const START_LIMIT_MS = 120_000

/** Starts the bundled server and waits for /api/health. */
export async function startServerProcess(
  bundle: string,
  env: Record<string, string>,
  port: number,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bundle], {
    cwd: projectRoot(),
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => {
    output += d
  })
  child.stderr!.on('data', (d) => {
    output += d
  })
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó:\n${output}`)
    const ok = await fetch(`http://localhost:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return { child, output: () => output }
    if (Date.now() - started > START_LIMIT_MS) {
      child.kill('SIGKILL')
      throw new Error(`el servidor no respondió en ${START_LIMIT_MS / 1000} s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()))

export async function killHard(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL')
  await exited(child)
}

/** SIGTERM, as an operator stops it; the exit code says whether it closed cleanly (recovery timers included). */
export async function stopGracefully(child: ChildProcess, ms = 15_000): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), ms)
  await exited(child)
  clearTimeout(timer)
  return child.exitCode
}

export const freePort = async (): Promise<number> => {
  const probe = await startFakeServer(() => {})
  const port = Number(new URL(probe.url).port)
  await probe.close()
  return port
}

type Person = { id: string; email: string; bearer: string }

/** A confirmed, signed-in user, made over HTTP against the server process (its mail read from the outbox). */
async function signUp(base: string, db: Database['db'], label: string): Promise<Person> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@ejemplo.pe`
  const password = 'secreto-123'
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    })
  await post('/api/auth/sign-up/email', { email, password, name: label })
  const link = (await lastMailTo(db, email))!.links[0]!
  await fetch(`${base}/api/auth/verify-email?token=${tokenFromLink(link)}`, { headers: { origin: base } })
  const res = await post('/api/auth/sign-in/email', { email, password })
  const body = (await res.json()) as { user: { id: string } }
  return { id: body.user.id, email, bearer: res.headers.get('set-auth-token')! }
}

export type ScenarioOptions = {
  bundle: string
  agentTimeoutMs: number
  consultations: number
  cardPayments: number
}

export type ScenarioResult = {
  /** What was in flight when the process died. */
  reservedAtCrash: number
  approvedAtProvider: number
  unrecordedAtCrash: number
  /** From the kill to the restarted server answering. */
  restartMs: number
  /** From the kill to the last refund / the last credit (database clock). */
  lastRefundMs: number | null
  lastCreditMs: number | null
  /** Longest a reservation stayed taken, from its creation, and the bound it keeps on a server that stays up. */
  longestReservationMs: number
  reservationLimitMs: number
  /** Between two sweeps: how late a refund may come past the later of its reservation's staleness and the restart. */
  sweepEveryMs: number
  /**
   * `lateMs`: from the later of the reservation turning stale (AGENT_TIMEOUT_MS + grace after its creation) and the
   * restarted server answering, to its refund. A dead server refunds nothing, and a restart's own length depends on
   * the machine's load; what recovery promises is the sweep after both.
   */
  consultationRows: {
    id: number
    state: string
    outcome: string
    heldMs: number
    lateMs: number
    refundRows: number
  }[]
  consultant: { id: string; remaining: number; ledgerSum: number; initial: number }
  payer: {
    id: string
    remaining: number
    ledgerSum: number
    welcome: number
    planCredits: number
    approved: string[]
    credited: string[]
    purchaseRowsPerPayment: number[]
  }
  /** The restarted server's exit code on SIGTERM. */
  cleanExit: number | null
  output: string
}

const WELCOME = 50

/**
 * One round: start the server, leave `consultations` waiting on an agent that never answers, fire `cardPayments`
 * sandbox card payments at once, SIGKILL the process once the sandbox has approved a third, restart it once,
 * and wait (bounded) until every reservation is refunded and every approved payment credited.
 */
export async function crashRound(options: ScenarioOptions): Promise<ScenarioResult> {
  const scratch = await scratchDatabase()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-crash-'))
  const database = await openDatabase({ databaseUrl: scratch.url })
  const db = database.db
  const hanging: FakeServer = await startFakeServer(() => {
    // Never answers: the consultation waits until its deadline, or until its server dies.
  })
  const port = await freePort()
  const base = `http://localhost:${port}`
  const env = {
    NODE_ENV: 'test',
    BASE_URL: base,
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    AUTH_SECRET,
    CORPUS_DIR: path.join(dataDir, 'sin-corpus'),
    AGENT_TIMEOUT_MS: String(options.agentTimeoutMs),
    WELCOME_CREDITS: String(WELCOME),
    AUTH_RATE_LIMIT_FACTOR: '1000',
    LOG_LEVEL: 'ERROR',
    // The run's taught legal-intent classifier, read instead of taught again (global-setup.ts).
    [LEGAL_INTENT_MODEL_ENV]: process.env[LEGAL_INTENT_MODEL_ENV] ?? '',
  }
  let server: ServerProcess | null = null
  try {
    server = await startServerProcess(options.bundle, env, port)
    await db
      .insert(agents)
      .values({ id: 'lento', name: 'Agente lento', url: `${hanging.url}/agente`, credits: 1, sortOrder: 99 })
    const ana = await signUp(base, db, 'ana')
    const beto = await signUp(base, db, 'beto')
    const [plan] = await db.select().from(creditPlans).where(eq(creditPlans.planId, 'inicial-10'))
    const call = (who: Person, p: string, body: unknown) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, authorization: `Bearer ${who.bearer}` },
        body: JSON.stringify(body),
      })

    // Card tokens first (the browser makes them before paying), so the payments themselves go out together.
    const tokens: string[] = []
    for (let i = 0; i < options.cardPayments; i++) {
      const res = await call(beto, '/api/payment/sandbox/card-token', {
        cardNumber: '4009175332806176',
        cardholderName: 'APRO Beto',
        expirationMonth: '11',
        expirationYear: '2030',
        securityCode: '123',
        identificationType: 'DNI',
        identificationNumber: '12345678',
      })
      tokens.push(((await res.json()) as { id: string }).id)
    }

    // Requests cut by the kill fail on our side; that is the point.
    const inFlight: Promise<unknown>[] = []
    for (let i = 0; i < options.consultations; i++)
      inFlight.push(
        call(ana, '/api/agentCommunication', {
          agentId: 'lento',
          sessionId: `crash-${i}-${crypto.randomUUID()}`,
          userInput: '¿Cuánto dura el mandato presidencial?',
          countryCode: 'PE',
        }).catch(() => null),
      )
    const reservedCount = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(consultations)
          .where(and(eq(consultations.userId, ana.id), eq(consultations.state, 'reserved')))
      )[0]!.n
    // The waits below are bounded only so that a broken run ends; what is asserted is what they wait for.
    const reserving = Date.now()
    while ((await reservedCount()) < options.consultations) {
      if (Date.now() - reserving > 60_000)
        throw new Error(`las consultas no quedaron reservadas:\n${server.output()}`)
      await new Promise((r) => setTimeout(r, 10))
    }

    for (const token of tokens)
      inFlight.push(
        call(beto, '/api/payment/create', {
          token,
          transaction_amount: plan!.priceCents / 100,
          payment_method_id: 'visa',
          payer: { email: beto.email, identification: { type: 'DNI', number: '12345678' } },
          installments: 1,
          plan_id: plan!.id,
        }).catch(() => null),
      )
    const approvedCount = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sandboxRecords)
          .where(and(eq(sandboxRecords.kind, 'payment'), sql`${sandboxRecords.data}->>'status' = 'approved'`))
      )[0]!.n
    const waitStarted = Date.now()
    // Killed once a third are approved at the provider: more approvals in flight than a first one, yet the
    // server still busy recording them.
    const killAt = Math.max(1, Math.floor(options.cardPayments / 3))
    while ((await approvedCount()) < killAt && Date.now() - waitStarted < 10_000)
      await new Promise((r) => setTimeout(r, 2))

    await killHard(server.child)
    const [{ crashAt }] = (await queryRows<{ crashAt: string }>(
      db,
      sql`select clock_timestamp()::text as "crashAt"`,
    )) as [{ crashAt: string }]
    const crashedAt = Date.now()
    await Promise.all(inFlight)

    const approvedIds = async () =>
      (
        await db
          .select({ id: sandboxRecords.id })
          .from(sandboxRecords)
          .where(and(eq(sandboxRecords.kind, 'payment'), sql`${sandboxRecords.data}->>'status' = 'approved'`))
      ).map((r) => r.id)
    const creditedIds = async () =>
      (
        await db
          .select({ id: payments.providerPaymentId })
          .from(payments)
          .where(and(eq(payments.userId, beto.id), sql`${payments.creditedAt} is not null`))
      ).map((r) => r.id)
    const approved = await approvedIds()
    const creditedAtCrash = new Set(await creditedIds())
    const reservedAtCrash = await reservedCount()

    // The one restart.
    const firstOutput = server.output()
    server = await startServerProcess(options.bundle, env, port)
    const restartMs = Date.now() - crashedAt
    const [{ upAt }] = (await queryRows<{ upAt: string }>(
      db,
      sql`select clock_timestamp()::text as "upAt"`,
    )) as [{ upAt: string }]

    const timings = recoveryTimings(options.agentTimeoutMs)
    const limit = reservationLimitMs(timings)
    const deadline = Date.now() + limit + 60_000
    while (Date.now() < deadline) {
      const refunded = (await reservedCount()) === 0
      const credited = (await creditedIds()).length >= approved.length
      if (refunded && credited) break
      await new Promise((r) => setTimeout(r, 50))
    }

    const rows = await queryRows<{
      id: number
      state: string
      outcome: string
      held_ms: number | null
      late_ms: number | null
      refund_rows: number
    }>(
      db,
      sql`select c.id, c.state, c.outcome,
            extract(epoch from (c.finished_at - c.created_at)) * 1000 as held_ms,
            extract(epoch from (c.finished_at - greatest(
              c.created_at + ${timings.staleAfterMs} * interval '1 millisecond', ${upAt}::timestamptz))) * 1000 as late_ms,
            (select count(*)::int from ${creditLedger} l where l.consultation_id = c.id and l.kind = 'refund') as refund_rows
          from ${consultations} c where c.user_id = ${ana.id} order by c.id`,
    )
    const [times] = await queryRows<{ last_refund: number | null; last_credit: number | null }>(
      db,
      sql`select
            (select extract(epoch from max(finished_at) - ${crashAt}::timestamptz) * 1000
               from ${consultations} where user_id = ${ana.id}) as last_refund,
            (select extract(epoch from max(credited_at) - ${crashAt}::timestamptz) * 1000
               from ${payments} where user_id = ${beto.id}) as last_credit`,
    )
    const balance = async (userId: string) => {
      const [s] = await db
        .select({ n: userCreditsSummary.remainingCredits })
        .from(userCreditsSummary)
        .where(eq(userCreditsSummary.userId, userId))
      const [l] = await db
        .select({ n: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
      return { remaining: s?.n ?? 0, ledgerSum: l?.n ?? 0 }
    }
    const purchaseRows = await db
      .select({ reference: creditLedger.reference, n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.kind, 'purchase'),
          inArray(
            creditLedger.reference,
            approved.length ? approved.map((id) => `payment:sandbox:${id}`) : ['-'],
          ),
        ),
      )
      .groupBy(creditLedger.reference)
    const perPayment = new Map(purchaseRows.map((r) => [r.reference, r.n]))
    const consultationRows = rows.map((r) => ({
      id: Number(r.id),
      state: r.state,
      outcome: r.outcome,
      heldMs: r.held_ms === null ? Number.POSITIVE_INFINITY : Number(r.held_ms),
      lateMs: r.late_ms === null ? Number.POSITIVE_INFINITY : Number(r.late_ms),
      refundRows: Number(r.refund_rows),
    }))
    const secondOutput = server.output()
    const cleanExit = await stopGracefully(server.child)
    server = null
    return {
      reservedAtCrash,
      approvedAtProvider: approved.length,
      unrecordedAtCrash: approved.filter((id) => !creditedAtCrash.has(id)).length,
      restartMs,
      lastRefundMs: times?.last_refund == null ? null : Number(times.last_refund),
      lastCreditMs: times?.last_credit == null ? null : Number(times.last_credit),
      longestReservationMs: Math.max(...consultationRows.map((r) => r.heldMs)),
      reservationLimitMs: limit,
      sweepEveryMs: timings.sweepEveryMs,
      consultationRows,
      consultant: { id: ana.id, ...(await balance(ana.id)), initial: WELCOME },
      payer: {
        id: beto.id,
        ...(await balance(beto.id)),
        welcome: WELCOME,
        planCredits: plan!.credits,
        approved,
        credited: await creditedIds(),
        purchaseRowsPerPayment: approved.map((id) => perPayment.get(`payment:sandbox:${id}`) ?? 0),
      },
      cleanExit,
      output: `${firstOutput}\n--- reinicio ---\n${secondOutput}`,
    }
  } finally {
    if (server) await killHard(server.child)
    await hanging.close()
    await database.close()
    await scratch.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
