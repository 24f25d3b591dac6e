import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appForConfig, createTestApp, type TestApp } from '../test/harness'
import { signedInPerson, type TestPerson } from '../test/users'

const THEME_SCRIPT =
  "\n      document.documentElement.classList.add('dark')\n      window.dataLayer = window.dataLayer || []\n    "
const SECOND_SCRIPT = 'window.lexia = 1'
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/index-abc.js"></script><script>${SECOND_SCRIPT}</script></head><body><div id="root"></div></body></html>`
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const MP_KEYS = {
  MP_ACCESS_TOKEN: 'APP_USR-1',
  MP_PUBLIC_KEY: 'APP_USR-public',
  MP_WEBHOOK_SECRET: 'w'.repeat(32),
}

function client() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-csp-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), INDEX)
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
  return dir
}

/** The app as it starts in a mode, serving a built client whose page has two inline scripts. */
const appWith = (env: Record<string, string>) => appForConfig(env, client())

/** directive → its sources, from a Content-Security-Policy header. */
function parsePolicy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy()
  const policy = new Map<string, string[]>()
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) policy.set(name, sources)
  }
  return policy
}

const MODES = {
  development: { NODE_ENV: 'development' },
  test: { NODE_ENV: 'test' },
  // Production refuses a predictable secret and a plain-http address (config.ts): a private network says so.
  production: {
    NODE_ENV: 'production',
    ALLOW_EMBEDDED: 'true',
    ALLOW_INSECURE_BASE_URL: 'true',
    AUTH_SECRET: 'Zq3v9Lk2-Hm8Xw1Rt5Ny7Pb4Jc6Fd0Gs_Ue2Aa9Vo3K',
    ...MP_KEYS,
    MP_WEBHOOK_SECRET: 'Wb7-Kx2Qm9Lp4Zr8Tn6Yv3Hs1',
  },
}

describe('content security policy', () => {
  for (const [mode, env] of Object.entries(MODES)) {
    it(`is strict in ${mode} mode, on the page, the assets, the API and the 404`, async () => {
      const { app, close } = await appWith(env)
      try {
        const policies: Map<string, string[]>[] = []
        for (const route of ['/', '/protected/chat', '/assets/index-abc.js', '/api/health', '/no-existe']) {
          const res = await app.request(route)
          policies.push(parsePolicy(res.headers.get('content-security-policy')))
          expect(res.headers.get('x-content-type-options'), route).toBe('nosniff')
          expect(res.headers.get('referrer-policy'), route).toBe('strict-origin-when-cross-origin')
          expect(res.headers.get('x-frame-options'), route).toBe('DENY')
          expect(res.headers.get('permissions-policy'), route).toContain('camera=()')
        }
        for (const p of policies) expect(p).toEqual(policies[0])
        const p = policies[0]!
        expect(p.get('default-src')).toEqual(["'self'"])
        expect(p.get('object-src')).toEqual(["'none'"])
        expect(p.get('frame-ancestors')).toEqual(["'none'"])
        expect(p.get('base-uri')).toEqual(["'none'"])
        expect(p.get('form-action')).toEqual(["'self'"])
        expect(p.get('worker-src')).toEqual(["'self'"])
        // Remote images in an answer are never fetched: only this origin, data: and blob: (plus Mercado Pago's
        // own images when it is configured, as production requires).
        const remoteImages = (p.get('img-src') ?? []).filter((s) => !["'self'", 'data:', 'blob:'].includes(s))
        expect(remoteImages.every((s) => /mercadopago|mercadolibre|mlstatic/.test(s))).toBe(true)
        expect(remoteImages.length > 0).toBe(mode === 'production')
        const scripts = p.get('script-src')!
        expect(scripts.slice(0, 3)).toEqual(["'self'", sha256(THEME_SCRIPT), sha256(SECOND_SCRIPT)])
        for (const s of scripts) expect(s).not.toMatch(/unsafe|^https?:$|^\*$|^data:|^blob:/)
        // Emotion injects <style> at run time: inline styles are the one allowance (see security-headers.ts).
        expect(p.get('style-src')!.slice(0, 2)).toEqual(["'self'", "'unsafe-inline'"])
      } finally {
        await close()
      }
    })
  }

  it('names Tag Manager, the support widget and Mercado Pago only when they are configured', async () => {
    const bare = await appWith({ NODE_ENV: 'test' })
    const header = (await bare.app.request('/')).headers.get('content-security-policy')!
    await bare.close()
    expect(header).not.toMatch(/google|widget|mercado|mlstatic|https:/)
    expect(parsePolicy(header).get('frame-src')).toEqual(["'none'"])
    expect(parsePolicy(header).get('connect-src')).toEqual(["'self'"])

    const all = await appWith({
      NODE_ENV: 'test',
      GTM_ID: 'GTM-ABC123',
      SUPPORT_WIDGET_SRC: 'https://widget.ejemplo.pe/js/widget.js?v=2',
      ...MP_KEYS,
    })
    const p = parsePolicy((await all.app.request('/')).headers.get('content-security-policy'))
    await all.close()
    expect(p.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://*.googletagmanager.com',
        'https://widget.ejemplo.pe',
        'https://sdk.mercadopago.com',
        'https://www.mercadopago.com',
      ]),
    )
    expect(p.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://*.google-analytics.com',
        'https://widget.ejemplo.pe',
        'wss://widget.ejemplo.pe',
        'https://api.mercadopago.com',
        'https://secure-fields.mercadopago.com',
      ]),
    )
    expect(p.get('frame-src')).toEqual(expect.arrayContaining(['https://*.mercadopago.com']))
    expect(p.get('frame-src')).not.toContain("'none'")
    // The widget's origin, never its path, and no wildcard source anywhere.
    expect([...p.values()].flat().join(' ')).not.toContain('/js/widget.js')
    for (const sources of p.values()) expect(sources).not.toContain('*')

    const widgetOnly = await appWith({
      NODE_ENV: 'test',
      SUPPORT_WIDGET_SRC: 'https://widget.ejemplo.pe/w.js',
    })
    const widgetHeader = (await widgetOnly.app.request('/')).headers.get('content-security-policy')!
    await widgetOnly.close()
    expect(widgetHeader).toContain('https://widget.ejemplo.pe')
    expect(widgetHeader).not.toMatch(/google|mercado|mlstatic/)
  })
})

describe('Cache-Control on personal API answers', () => {
  let t: TestApp
  let person: TestPerson
  beforeAll(async () => {
    t = await createTestApp('pglite')
    person = await signedInPerson(t, 'cache')
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is no-store on every per-user answer, errors included', async () => {
    const asPerson = { headers: { cookie: person.cookie } }
    const statuses: number[] = []
    for (const [route, init] of [
      ['/api/me', asPerson],
      ['/api/credits', asPerson],
      ['/api/credits/purchases', asPerson],
      ['/api/payment/config', asPerson],
      ['/api/agents', asPerson],
      ['/api/sessions/sesion-1/consultations', asPerson],
      ['/api/consultations/999999', asPerson],
      ['/api/feedback/999999', asPerson],
      ['/api/auth/get-session', asPerson],
      ['/api/me', {}],
      ['/api/credits', {}],
      ['/api/auth/sign-in/email', { body: { email: person.email, password: 'secreto-123' } }],
    ] as const) {
      const res = await t.call(route, init)
      statuses.push(res.status)
      expect(res.headers.get('cache-control'), `${route} ${res.status}`).toBe('no-store')
    }
    // Answers, not-founds and refusals alike.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 404, 404, 200, 401, 401, 200])
  })

  it('leaves a route its own caching', async () => {
    const res = await t.call('/api/events', { headers: { cookie: person.cookie } })
    expect(res.headers.get('cache-control')).toBe('no-cache')
    await res.body?.cancel()
  })
})
