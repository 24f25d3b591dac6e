import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as admin from '../../shared/admin'
import { AUTH_PAYLOADS } from '../../shared/auth-payloads'
import { agentRequestSchema, partialAnswerPushSchema } from '../../shared/consultation-schemas'
import { errorBodySchema } from '../../shared/errors'
import { feedbackRequestSchema } from '../../shared/feedback-schemas'
import type { LogEntry } from '../../shared/logger'
import {
  cardPaymentRequestSchema,
  cardPaymentResponseSchema,
  creditsAddRequestSchema,
  creditsDeductRequestSchema,
  sandboxCardTokenRequestSchema,
  sandboxYapeTokenRequestSchema,
  subscriptionRequestSchema,
  yapePaymentRequestSchema,
  yapePaymentResponseSchema,
} from '../../shared/payment-schemas'
import { searchQuerySchema } from '../../shared/search-schemas'
import { suggestionRequestSchema } from '../../shared/suggestion-schemas'
import { testSignInRequestSchema } from '../auth/test-sign-in-routes'
import { fakeGateway } from '../consultations/fake-gateway'
import { queryRows } from '../db/query'
import { grantAdmin } from '../test/admins'
import { englishIn, readableStrings } from '../test/english'
import { BACKENDS, createTestApp, TEST_BASE_URL, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'
import { bodyArbitrary, hostileArbitrary, hostileValue, validArbitrary } from '../test/zod-arbitrary'

/**
 * Issue 14, item 5: every API route, fed bodies, path segments and query strings generated from the shared zod
 * schemas (valid, at the bounds, and hostile: NUL, numbers past int4, floats, long and odd unicode strings, wrong
 * types, missing fields, non-JSON bodies). Whatever comes in: never a 5xx, every refusal in the Spanish
 * `{code,message,details}` shape, nothing written on a refusal, no error logged and no SQL in the log.
 * The routes are read from the app itself: a new route without a case here fails the first test.
 */

const RUNS = Number(process.env.BOUNDARY_RUNS ?? 20)
const SERVICE_SECRET = 'servicio-secreto-de-prueba-123456'
const AGENT_SECRET = 'agente-secreto-de-prueba-123456'

type Who = 'none' | 'user' | 'service' | 'agent' | 'admin'
type Context = {
  ana: TestPerson
  historyId: number
  sessionId: string
  planIds: number[]
  /** The account the console's user routes act on (never ana, whose session the other cases use). */
  target: string
}
type Request = { path: string; body?: unknown; kind?: 'json' | 'text' | 'broken' }
type Case =
  | { skip: string }
  | {
      who: Who
      /** The requests for this route; the path is a concrete one (params filled in). */
      requests: (ctx: Context) => fc.Arbitrary<Request>
      runs?: number
      /** Routes whose refusal is the spec's own payment answer rather than the error shape. */
      refusal?: z.ZodType
    }

/** encodeURIComponent, except that a lone surrogate (which it refuses) becomes the bytes it would have been. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

/** A path segment: plausible, hostile, or already-encoded bytes no decoder should choke on. */
const segment = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    valid.map(encode),
    hostileValue.map((v) => encode(typeof v === 'string' ? v : JSON.stringify(v))),
    fc.constantFrom(
      '%00',
      '%ED%A0%80',
      '%FF',
      '%2e%2e',
      '2147483648',
      '99999999999999999999',
      '-1',
      '0',
      '1.5',
    ),
  )
const idSegment = segment(fc.oneof(fc.integer({ min: 1, max: 2_147_483_647 }).map(String), fc.constant('1')))

const bodyKind = fc.constantFrom<Request['kind']>('json', 'json', 'json', 'json', 'json', 'text', 'broken')

/** Requests to a fixed path with bodies from `schema`, some known-good values mixed in to reach the queries. */
function bodies(
  path: string,
  schema: z.ZodType,
  known: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Request> {
  const withKnown = fc
    .tuple(validArbitrary(schema), fc.record(known, { requiredKeys: [] }))
    .map(([v, k]) => (v && typeof v === 'object' ? { ...v, ...k } : v))
  const body = fc.oneof(bodyArbitrary(schema), withKnown, hostileArbitrary(withKnown))
  return fc.record({ path: fc.constant(path), body, kind: bodyKind })
}

/**
 * A route that takes no input: the same request every run, so two runs say all that twenty would (the second sees
 * whatever the first left behind).
 */
const noInput = (who: Who, path: string): Case => ({
  who,
  requests: () => fc.constant<Request>({ path }),
  runs: 2,
})

function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(String(value))}`
  return Object.entries(value)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&')
}

const webhookSchema = z.object({
  type: z.enum(['payment', 'subscription_preapproval']),
  data: z.object({ id: z.string() }),
})

const authGet = fc.oneof(
  fc.constantFrom('/get-session', '/list-sessions', '/ok', '/error', '/no-existe'),
  fc
    .tuple(
      fc.constantFrom(
        '/verify-email?token=',
        '/reset-password/',
        '/error?error=',
        '/verify-email?callbackURL=',
      ),
      segment(fc.string()),
    )
    .map(([p, s]) => p + s),
)
const authPost = fc.oneof(
  ...Object.entries(AUTH_PAYLOADS).map(([p, schema]) => bodies(`/api/auth${p}`, schema)),
  fc.record({
    path: fc.constantFrom('/api/auth/change-email', '/api/auth/revoke-session', '/api/auth/change-password'),
    body: fc.oneof(
      hostileValue,
      fc.record({ name: hostileValue }),
      fc.record({ newEmail: hostileValue, token: hostileValue, currentPassword: hostileValue }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    kind: bodyKind,
  }),
)

/** A console list: its query built from the list's own schema (valid, bounds, hostile). */
const list = (path: string, schema: z.ZodType) => () =>
  fc.oneof(bodyArbitrary(schema), hostileValue).map((q) => ({ path: `${path}?${toQuery(q)}` }))
/** A console route with a path parameter: plausible, hostile and known-good values. */
const withParam =
  (build: (segment: string) => string, known: (ctx: Context) => string[], schema?: z.ZodType) =>
  (ctx: Context): fc.Arbitrary<Request> =>
    fc
      .tuple(
        segment(fc.constantFrom(...known(ctx), 'x')),
        schema ? fc.oneof(bodyArbitrary(schema), validArbitrary(schema)) : fc.constant(undefined),
        bodyKind,
      )
      .map(([seg, body, kind]) => (schema ? { path: build(seg), body, kind } : { path: build(seg) }))

/** The operator console (docs/decisions/0024), as an admin: every refusal still Spanish, never a 5xx. */
const ADMIN_CASES: Record<string, Case> = {
  'GET /api/admin/me': noInput('admin', '/api/admin/me'),
  'GET /api/admin/admins': {
    who: 'admin',
    requests: list('/api/admin/admins', admin.adminGrantListQuerySchema),
  },
  'POST /api/admin/admins': {
    who: 'admin',
    requests: () => bodies('/api/admin/admins', admin.adminGrantRequestSchema),
  },
  'DELETE /api/admin/admins/:userId': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/admins/${s}`,
      (ctx) => [ctx.target],
    ),
  },
  'GET /api/admin/audit': { who: 'admin', requests: list('/api/admin/audit', admin.auditListQuerySchema) },
  'GET /api/admin/agents': { who: 'admin', requests: list('/api/admin/agents', admin.agentListQuerySchema) },
  'POST /api/admin/agents': {
    who: 'admin',
    requests: () => bodies('/api/admin/agents', admin.agentCreateSchema),
  },
  'PATCH /api/admin/agents/:id': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/agents/${s}`,
      () => ['general'],
      admin.agentUpdateSchema,
    ),
  },
  'POST /api/admin/agents/test': {
    who: 'admin',
    requests: () => bodies('/api/admin/agents/test', admin.agentTestRequestSchema),
  },
  'GET /api/admin/countries': {
    who: 'admin',
    requests: list('/api/admin/countries', admin.countryListQuerySchema),
  },
  'POST /api/admin/countries': {
    who: 'admin',
    requests: () => bodies('/api/admin/countries', admin.countryCreateSchema),
  },
  'PATCH /api/admin/countries/:iso2': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/countries/${s}`,
      () => ['PE', 'CO'],
      admin.countryUpdateSchema,
    ),
  },
  'GET /api/admin/plans': { who: 'admin', requests: list('/api/admin/plans', admin.planListQuerySchema) },
  'POST /api/admin/plans': {
    who: 'admin',
    requests: () => bodies('/api/admin/plans', admin.planCreateSchema),
  },
  'PATCH /api/admin/plans/:id': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/plans/${s}`,
      (ctx) => ctx.planIds.map(String),
      admin.planUpdateSchema,
    ),
  },
  'DELETE /api/admin/plans/:id': {
    who: 'admin',
    requests: (ctx) =>
      fc
        .tuple(segment(fc.constantFrom(...ctx.planIds.map(String))), fc.oneof(hostileValue, fc.integer()))
        .map(([seg, v]) => ({ path: `/api/admin/plans/${seg}?${toQuery({ version: v })}` })),
  },
  'GET /api/admin/users': { who: 'admin', requests: list('/api/admin/users', admin.userListQuerySchema) },
  'GET /api/admin/users/:id': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}`,
      (ctx) => [ctx.target],
    ),
  },
  'GET /api/admin/users/:id/ledger': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}/ledger`,
      (ctx) => [ctx.target],
    ),
  },
  'POST /api/admin/users/:id/credits': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}/credits`,
      (ctx) => [ctx.target],
      admin.creditChangeRequestSchema,
    ),
  },
  'POST /api/admin/users/:id/resend-confirmation': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}/resend-confirmation`,
      (ctx) => [ctx.target],
    ),
  },
  'POST /api/admin/users/:id/disable': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}/disable`,
      (ctx) => [ctx.target],
      admin.userDisableRequestSchema,
    ),
  },
  'POST /api/admin/users/:id/enable': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/users/${s}/enable`,
      (ctx) => [ctx.target],
      admin.userEnableRequestSchema,
    ),
  },
  'GET /api/admin/payments': {
    who: 'admin',
    requests: list('/api/admin/payments', admin.paymentListQuerySchema),
  },
  'POST /api/admin/payments/:id/refund': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/payments/${s}/refund`,
      () => ['1'],
      admin.refundRequestSchema,
    ),
  },
  'GET /api/admin/payment-attempts': {
    who: 'admin',
    requests: list('/api/admin/payment-attempts', admin.attemptListQuerySchema),
  },
  'POST /api/admin/payment-attempts/:id/reconcile': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/payment-attempts/${s}/reconcile`,
      () => ['00000000-0000-4000-8000-000000000000'],
    ),
  },
  'GET /api/admin/feedback': {
    who: 'admin',
    requests: list('/api/admin/feedback', admin.feedbackListQuerySchema),
  },
  'PATCH /api/admin/feedback/:id': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/feedback/${s}`,
      () => ['1'],
      admin.reviewRequestSchema,
    ),
  },
  'GET /api/admin/suggestions': {
    who: 'admin',
    requests: list('/api/admin/suggestions', admin.suggestionListQuerySchema),
  },
  'PATCH /api/admin/suggestions/:id': {
    who: 'admin',
    requests: withParam(
      (s) => `/api/admin/suggestions/${s}`,
      () => ['1'],
      admin.reviewRequestSchema,
    ),
  },
  'GET /api/admin/corpus': noInput('admin', '/api/admin/corpus'),
  'GET /api/admin/corpus/documents': {
    who: 'admin',
    requests: list('/api/admin/corpus/documents', admin.documentListQuerySchema),
  },
  'POST /api/admin/corpus/reingest': {
    who: 'admin',
    requests: () => bodies('/api/admin/corpus/reingest', admin.reingestRequestSchema),
  },
  'GET /api/admin/dashboard': {
    who: 'admin',
    requests: list('/api/admin/dashboard', admin.dashboardQuerySchema),
  },
  'POST /api/admin/credits/add': {
    who: 'admin',
    requests: (ctx) =>
      bodies('/api/admin/credits/add', creditsAddRequestSchema, { userId: fc.constant(ctx.target) }),
  },
  'POST /api/admin/credits/deduct': {
    who: 'admin',
    requests: (ctx) =>
      bodies('/api/admin/credits/deduct', creditsDeductRequestSchema, { userId: fc.constant(ctx.target) }),
  },
}

const CASES: Record<string, Case> = {
  'GET /api/auth/*': { who: 'user', requests: () => authGet.map((p) => ({ path: `/api/auth${p}` })) },
  // Sign-up hashes a password: fewer runs.
  'POST /api/auth/*': { who: 'user', requests: () => authPost, runs: Math.ceil(RUNS / 2) },
  'GET /api/health': noInput('none', '/api/health'),
  'GET /api/config': noInput('none', '/api/config'),
  'GET /api/corpus/status': noInput('none', '/api/corpus/status'),
  'GET /api/me': noInput('user', '/api/me'),
  'GET /api/search': {
    who: 'user',
    requests: () => bodyArbitrary(searchQuerySchema).map((q) => ({ path: `/api/search?${toQuery(q)}` })),
  },
  'GET /api/originals/:file': {
    who: 'user',
    requests: () =>
      segment(fc.constantFrom('CON-1993.pdf', 'x.pdf', `${'a'.repeat(130)}.pdf`)).map((s) => ({
        path: `/api/originals/${s}`,
      })),
  },
  'GET /api/events': { skip: 'a stream with no input beyond the session: events/routes.test.ts covers it' },
  'POST /api/agents/partial-answers': {
    who: 'agent',
    requests: (ctx) =>
      bodies('/api/agents/partial-answers', partialAnswerPushSchema, {
        session_id: fc.constant(ctx.sessionId),
      }),
  },
  'GET /api/agents': noInput('user', '/api/agents'),
  'GET /api/agents/:id': {
    who: 'user',
    requests: () => segment(fc.constantFrom('general', 'x')).map((s) => ({ path: `/api/agents/${s}` })),
  },
  'GET /api/countries': noInput('user', '/api/countries'),
  'GET /api/credits': noInput('user', '/api/credits'),
  'POST /api/credits/add': {
    who: 'service',
    requests: (ctx) =>
      bodies('/api/credits/add', creditsAddRequestSchema, {
        userId: fc.constant(ctx.ana.id),
        amount: fc.constantFrom(1, 999_999, 1_000_000, 1_000_001, 2_147_483_647),
      }),
  },
  'POST /api/credits/deduct': {
    who: 'service',
    requests: (ctx) =>
      bodies('/api/credits/deduct', creditsDeductRequestSchema, {
        userId: fc.constant(ctx.ana.id),
        amount: fc.constantFrom(1, 2_147_483_647),
      }),
  },
  'GET /api/credits/plans': noInput('none', '/api/credits/plans'),
  'GET /api/credits/purchases': noInput('user', '/api/credits/purchases'),
  'GET /api/payment/config': noInput('user', '/api/payment/config'),
  'POST /api/payment/create': {
    who: 'user',
    refusal: cardPaymentResponseSchema,
    requests: (ctx) =>
      bodies('/api/payment/create', cardPaymentRequestSchema, { plan_id: fc.constantFrom(...ctx.planIds) }),
  },
  'POST /api/payment/yape': {
    who: 'user',
    refusal: yapePaymentResponseSchema,
    requests: (ctx) =>
      bodies('/api/payment/yape', yapePaymentRequestSchema, { plan_id: fc.constantFrom(...ctx.planIds) }),
  },
  'POST /api/payment/subscription': {
    who: 'user',
    requests: (ctx) =>
      bodies('/api/payment/subscription', subscriptionRequestSchema, {
        plan_id: fc.constantFrom(...ctx.planIds),
      }),
  },
  'POST /api/payment/subscription/cancel': {
    who: 'user',
    requests: (ctx) =>
      bodies('/api/payment/subscription/cancel', subscriptionRequestSchema, {
        plan_id: fc.constantFrom(...ctx.planIds),
      }),
  },
  'POST /api/payment/webhook': {
    who: 'none',
    requests: () =>
      fc
        .tuple(
          bodies('/api/payment/webhook', webhookSchema),
          bodyArbitrary(z.object({ 'data.id': z.string(), type: z.string() })),
        )
        .map(([r, q]) => ({ ...r, path: `${r.path}?${toQuery(q)}` })),
  },
  'POST /api/payment/sandbox/card-token': {
    who: 'user',
    requests: () =>
      bodies('/api/payment/sandbox/card-token', sandboxCardTokenRequestSchema, {
        cardNumber: fc.constant('4009175332806176'),
        expirationMonth: fc.constant('11'),
        expirationYear: fc.constant('2040'),
      }),
  },
  'POST /api/payment/sandbox/yape-token': {
    who: 'user',
    requests: () => bodies('/api/payment/sandbox/yape-token', sandboxYapeTokenRequestSchema),
  },
  'GET /api/payment/sandbox/subscriptions/:id': {
    who: 'user',
    requests: () => segment(fc.uuid()).map((s) => ({ path: `/api/payment/sandbox/subscriptions/${s}` })),
  },
  'POST /api/payment/sandbox/subscriptions/:id/authorize': {
    who: 'user',
    requests: () =>
      segment(fc.uuid()).map((s) => ({
        path: `/api/payment/sandbox/subscriptions/${s}/authorize`,
        body: {},
      })),
  },
  'POST /api/payment/sandbox/payments/:id/settle': {
    who: 'none',
    requests: () =>
      segment(fc.uuid()).map((s) => ({ path: `/api/payment/sandbox/payments/${s}/settle`, body: {} })),
  },
  'POST /api/agentCommunication': {
    who: 'user',
    requests: (ctx) =>
      bodies('/api/agentCommunication', agentRequestSchema, {
        agentId: fc.constant('general'),
        countryCode: fc.constantFrom('PE', 'pe'),
        sessionId: fc.constant(ctx.sessionId),
      }),
  },
  'GET /api/sessions/:sessionId/consultations': {
    who: 'user',
    requests: (ctx) =>
      segment(fc.oneof(fc.constant(ctx.sessionId), fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/))).map((s) => ({
        path: `/api/sessions/${s}/consultations`,
      })),
  },
  'GET /api/consultations/:historyId': {
    who: 'user',
    requests: (ctx) =>
      fc
        .oneof(idSegment, fc.constant(String(ctx.historyId)))
        .map((s) => ({ path: `/api/consultations/${s}` })),
  },
  'POST /api/feedback': {
    who: 'user',
    requests: (ctx) =>
      bodies('/api/feedback', feedbackRequestSchema, {
        history_id: fc.constantFrom(ctx.historyId, String(ctx.historyId)),
        session_id: fc.constant(ctx.sessionId),
      }),
  },
  'GET /api/feedback/:historyId': {
    who: 'user',
    requests: (ctx) =>
      fc.oneof(idSegment, fc.constant(String(ctx.historyId))).map((s) => ({ path: `/api/feedback/${s}` })),
  },
  'POST /api/suggestions': {
    who: 'user',
    requests: () => bodies('/api/suggestions', suggestionRequestSchema),
  },
  ...ADMIN_CASES,
  'GET /dev/correo/messages.json': noInput('none', '/dev/correo/messages.json'),
  'GET /dev/correo': noInput('none', '/dev/correo'),
  'POST /dev/sesion': { who: 'none', requests: () => bodies('/dev/sesion', testSignInRequestSchema) },
}

/** The app's routes as `METHOD path`, middleware (registered for ALL methods) left out. */
function appRoutes(t: TestApp): string[] {
  return [...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))]
}

/** Row counts (and the balance) of every table a request could write to on the user's behalf. */
async function fingerprint(t: TestApp): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select
      (select count(*) from "user")::int as users,
      (select count(*) from consultation_sessions)::int as sessions,
      (select count(*) from consultations)::int as consultations,
      (select count(*) from n8n_partial_answers)::int as partials,
      (select count(*) from feedback)::int as feedback,
      (select string_agg(feedback_value, ',' order by id) from feedback) as ratings,
      (select count(*) from suggestions)::int as suggestions,
      (select count(*) from credit_ledger)::int as ledger,
      (select coalesce(sum(remaining_credits), 0)::bigint from user_credits_summary)::text as balance,
      (select count(*) from payments)::int as payments,
      (select count(*) from user_plan_purchases)::int as purchases,
      (select count(*) from subscriptions)::int as subscriptions`,
  )
  return JSON.stringify(row)
}

function problems(logs: LogEntry[]): LogEntry[] {
  return logs.filter(
    (e) =>
      e.level === 'ERROR' ||
      e.message === 'Valor rechazado por la base de datos' ||
      /Failed query:(?! \[SQL omitido\])|params:|\bselect\b.*\bfrom\b|\binsert into\b/i.test(
        JSON.stringify(e),
      ),
  )
}

describe.each(BACKENDS)('every API route at its boundary on %s', (backend) => {
  let t: TestApp
  let ctx: Context
  let victim: TestPerson
  let operator: TestPerson
  const fake = fakeGateway()

  beforeAll(async () => {
    t = await createTestApp(
      backend,
      { SERVICE_SECRET, AGENT_SHARED_SECRET: AGENT_SECRET, WELCOME_CREDITS: '1000' },
      {
        agentGateway: fake.gateway,
        // No request leaves the machine and no corpus pass starts from a generated body.
        agentProbe: async () => ({
          ok: false,
          httpStatus: null,
          latencyMs: 0,
          answer: null,
          sources: null,
          error: 'prueba',
        }),
        corpusReingest: async () => ({ ingested: 0, skipped: 0, failed: [] }),
      },
    )
    const ana = await signedInPerson(t, 'ana')
    operator = await signedInPerson(t, 'operador')
    await grantAdmin(t, operator)
    const target = await signedInPerson(t, 'objetivo')
    victim = await signedInPerson(t, 'auth')
    const sessionId = `fuzz-${backend}`
    const asked = await t.call('/api/agentCommunication', {
      body: { agentId: 'general', sessionId, userInput: '¿Cuánto dura el mandato?', countryCode: 'PE' },
      headers: { cookie: ana.cookie },
    })
    const { history_id } = (await asked.json()) as { history_id: number }
    const plans = (await (await t.call('/api/credits/plans')).json()) as { id: number }[]
    ctx = { ana, historyId: history_id, sessionId, planIds: plans.map((p) => p.id), target: target.id }
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('has a case for every route of the app, and no case for a route that is gone', () => {
    const routes = appRoutes(t).sort()
    expect(
      routes.filter((r) => r.startsWith('GET /api/') || r.startsWith('POST /api/')).length,
    ).toBeGreaterThan(30)
    expect(routes).toEqual(Object.keys(CASES).sort())
  })

  const headersFor = (who: Who, path: string): Record<string, string> => {
    if (who === 'service') return { 'x-service-secret': SERVICE_SECRET }
    if (who === 'agent') return { 'x-agent-secret': AGENT_SECRET }
    if (who === 'admin') return { cookie: operator.cookie }
    if (who === 'user') return { cookie: path.startsWith('/api/auth/') ? victim.cookie : ctx.ana.cookie }
    return {}
  }

  async function send(who: Who, request: Request, method: string): Promise<Response> {
    const headers: Record<string, string> = { origin: TEST_BASE_URL, ...headersFor(who, request.path) }
    let body: string | undefined
    if (request.body !== undefined || request.kind) {
      body =
        request.kind === 'broken'
          ? '{"no es json'
          : request.body === undefined
            ? ''
            : (JSON.stringify(request.body) ?? '')
      headers['content-type'] = request.kind === 'text' ? 'text/plain;charset=UTF-8' : 'application/json'
    }
    return t.app.request(`${TEST_BASE_URL}${request.path}`, { method, headers, body })
  }

  for (const [route, routeCase] of Object.entries(CASES)) {
    if ('skip' in routeCase) continue
    const method = route.split(' ')[0]!
    it(route, async () => {
      await fc.assert(
        fc.asyncProperty(routeCase.requests(ctx), async (request) => {
          const before = await fingerprint(t)
          const logged = t.logs.length
          const res = await send(routeCase.who, request, method)
          const text = await res.text()
          const where = `${method} ${request.path} → ${res.status} ${text.slice(0, 300)}`
          expect(res.status, where).toBeLessThan(500)
          expect(problems(t.logs.slice(logged)), where).toEqual([])
          if (request.kind === 'text' || request.kind === 'broken')
            expect(res.status, where).toBeGreaterThanOrEqual(400)
          const json: unknown = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null
          if (res.status >= 400) {
            const shaped =
              errorBodySchema.safeParse(json).success || (routeCase.refusal?.safeParse(json).success ?? false)
            expect(shaped, where).toBe(true)
            for (const s of readableStrings(json)) expect(englishIn(s), `${where}: "${s}"`).toBeNull()
            // A refused card or Yape payment keeps its attempt row (payment_attempts is left out above).
            expect(await fingerprint(t), where).toBe(before)
          } else if (
            json &&
            typeof json === 'object' &&
            'message' in json &&
            typeof json.message === 'string'
          ) {
            expect(englishIn(json.message), where).toBeNull()
          }
        }),
        { numRuns: routeCase.runs ?? RUNS },
      )
    }, 180_000)
  }
})
