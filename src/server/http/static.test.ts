import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../../scripts/precompress.mjs'
import type { Database } from '../db/client'
import { appForConfig, liveSessionCookie } from '../test/harness'
import { staticRoutes } from './static'

/** A session cookie as better-auth names it, for a session that does not exist (lapsed, or ended elsewhere). */
const LAPSED_COOKIE = 'lexia.session_token=tok.sig'

/** The app as a start builds it over a migrated database, in test mode: its fixture signs a new person in. */
async function appWithSessions(dir: string) {
  const built = await appForConfig({ DATA_DIR: dir, NODE_ENV: 'test' }, dir, { migrate: true })
  return { ...built, liveCookie: () => liveSessionCookie(built.app) }
}
const INDEX = `<!doctype html><html><head><title>Lexia</title><script>window.dataLayer = []</script></head><body><div id="root"></div>${'<!-- relleno -->'.repeat(100)}</body></html>`
// Repetitive like real bundles, and above the 1 KB below which nothing is precompressed.
const BUNDLE = `export const texto = ${JSON.stringify('Lexia responde tus preguntas legales. '.repeat(200))}\n`

function builtClient() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-static-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), INDEX)
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), BUNDLE)
  writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'console.log(1)')
  writeFileSync(path.join(dir, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7))
  // Vite's manifest, knowing the chat page's chunks only: the other routes keep the plain page.
  mkdirSync(path.join(dir, '.vite'))
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true },
      'pages/chat.tsx': { file: 'assets/chat-abc123.js' },
    }),
  )
  return dir
}

const decode = (body: ArrayBuffer, encoding: string | null) => {
  const bytes = Buffer.from(body)
  if (encoding === 'br') return brotliDecompressSync(bytes).toString()
  if (encoding === 'gzip') return gunzipSync(bytes).toString()
  return bytes.toString()
}

describe('precompressed client', () => {
  let dir: string
  let database: Database
  let request: (path: string, acceptEncoding?: string, cookie?: string) => Response | Promise<Response>
  let live: string

  beforeAll(async () => {
    dir = builtClient()
    await precompress(dir)
    const built = await appWithSessions(dir)
    database = built.database
    live = await built.liveCookie()
    const app = built.app
    request = (p, acceptEncoding, cookie) =>
      app.request(p, {
        headers: {
          ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }),
          ...(cookie !== undefined && { cookie }),
        },
      })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('writes brotli and gzip copies of text files above 1 KB, and nothing for the rest', () => {
    const js = path.join(dir, 'assets', 'index-abc123.js')
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(BUNDLE)
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(BUNDLE)
    expect(readFileSync(`${js}.br`).length).toBeLessThan(BUNDLE.length / 10)
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true)
    expect(existsSync(path.join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'assets', 'photo-abc123.png.gz'))).toBe(false)
  })

  it('sends a hashed asset as brotli, gzip or plain by Accept-Encoding, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      [undefined, null],
      ['identity', null],
    ] as const) {
      const res = await request('/assets/index-abc123.js', accept)
      expect(res.status, String(accept)).toBe(200)
      expect(res.headers.get('content-encoding'), String(accept)).toBe(encoding)
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('content-type')).toMatch(/javascript/)
      const body = await res.arrayBuffer()
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength)
      expect(decode(body, encoding)).toBe(BUNDLE)
    }
    const small = await request('/assets/tiny-abc123.js', 'br, gzip')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.text()).toBe('console.log(1)')
  })

  it('sends the page compressed on every SPA route and on the 404, revalidated on each visit', async () => {
    for (const [route, status] of [
      ['/', 200],
      ['/auth', 200],
      ['/no-existe', 404],
    ] as const) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
        [undefined, null],
      ] as const) {
        const res = await request(route, accept)
        expect(res.status, route).toBe(status)
        expect(res.headers.get('content-encoding'), `${route} ${accept}`).toBe(encoding)
        expect(res.headers.get('cache-control'), route).toBe('no-cache')
        expect(res.headers.get('vary')).toContain('Accept-Encoding')
        expect(res.headers.get('content-type')).toMatch(/^text\/html/)
        expect(decode(await res.arrayBuffer(), encoding)).toBe(INDEX)
      }
    }
  })

  it("names a lazy route's chunks in its page, so the browser fetches them with the entry", async () => {
    for (const route of ['/protected/chat', '/chat']) {
      const res = await request(route, 'br', live)
      expect(res.status).toBe(200)
      const page = decode(await res.arrayBuffer(), 'br')
      expect(page).toBe(
        INDEX.replace(
          '</head>',
          '    <link rel="modulepreload" crossorigin href="/assets/chat-abc123.js">\n  </head>',
        ),
      )
    }
  })

  it('sends a signed-out visitor from the chat to /auth, before any page: no session cookie, or a lapsed one', async () => {
    for (const route of ['/protected/chat', '/chat/'])
      for (const cookie of ['otra=1', `a=1; ${LAPSED_COOKIE}`]) {
        const res = await request(route, 'br', cookie)
        expect(res.status, `${route} ${cookie}`).toBe(302)
        expect(res.headers.get('location')).toBe('/auth')
        expect(res.headers.get('cache-control')).toBe('no-store')
        expect(res.headers.get('vary')).toContain('Cookie')
      }
    const withCookie = await request('/protected/chat', 'br', `a=1; ${live}`)
    expect(withCookie.status).toBe(200)
    expect(withCookie.headers.get('vary')).toContain('Cookie')
    expect(withCookie.headers.get('vary')).toContain('Accept-Encoding')
  })
})

describe('prerendered /auth pages', () => {
  const page = (body: string) => INDEX.replace('<div id="root"></div>', `<div id="root">${body}</div>`)
  const CARD = page('<main>Cargando</main>')
  const FORM = page('<form method="post">Entrar</form>').replace(
    '</head>',
    '<template id="lexia-app-scripts">\n    <script type="module" src="/assets/index-abc123.js"></script>\n  </template></head>',
  )
  let database: Database
  let request: (path: string, init?: RequestInit) => Response | Promise<Response>
  let live: string
  let requestWith: Record<'failing' | 'unchecked', typeof request>

  beforeAll(async () => {
    const dir = builtClient()
    for (const tab of ['sign-in', 'sign-up']) {
      writeFileSync(path.join(dir, `auth-${tab}.html`), CARD.replace('Cargando', tab))
      writeFileSync(path.join(dir, `auth-${tab}-form.html`), FORM.replace('Entrar', tab))
    }
    const built = await appWithSessions(dir)
    database = built.database
    live = await built.liveCookie()
    request = (p, init) => built.app.request(p, init)
    // The same pages served with a session check that cannot answer (the database busy), and with none.
    const failing = new Hono().route(
      '/',
      staticRoutes(dir, { signedIn: () => Promise.reject(new Error('x')) }),
    )
    const unchecked = new Hono().route('/', staticRoutes(dir))
    requestWith = {
      failing: (p, init) => failing.request(p, init),
      unchecked: (p, init) => unchecked.request(p, init),
    }
  })
  afterAll(async () => {
    await database?.close()
  })

  it('sends the form page to a signed-out visitor and a signed-in one on to the chat, varying by cookie (decision 0040)', async () => {
    for (const [route, tab] of [
      ['/auth', 'sign-in'],
      ['/auth/', 'sign-in'],
      ['/auth?type=sign-up', 'sign-up'],
    ] as const) {
      // No session cookie, or one whose session has lapsed: the form itself.
      for (const cookie of [undefined, 'otra=1', `a=1; ${LAPSED_COOKIE}`]) {
        const res = await request(route, { headers: cookie ? { cookie } : {} })
        expect(res.status, route).toBe(200)
        expect(res.headers.get('vary'), route).toContain('Cookie')
        expect(await res.text(), `${route} ${cookie}`).toBe(FORM.replace('Entrar', tab))
      }
      const signedIn = await request(route, { headers: { cookie: `a=1; ${live}` } })
      expect(signedIn.status, route).toBe(302)
      expect(signedIn.headers.get('location')).toBe('/protected/chat')
      expect(signedIn.headers.get('cache-control')).toBe('no-store')
      expect(signedIn.headers.get('vary'), route).toContain('Cookie')
      // Unchecked, or a check that failed: the card, until the app's own check says.
      for (const send of [requestWith.failing, requestWith.unchecked]) {
        const res = await send(route, { headers: { cookie: `a=1; ${LAPSED_COOKIE}` } })
        expect(res.status, route).toBe(200)
        expect(await res.text(), route).toBe(CARD.replace('Cargando', tab))
      }
    }
    // A check that failed does not send a visitor with a session cookie away from the chat either.
    const chat = await requestWith.failing('/protected/chat', { headers: { cookie: LAPSED_COOKIE } })
    expect(chat.status).toBe(200)
    // The reset forms keep the SPA's page, signed in or not: the e-mail's link sets a new password either way.
    expect(await (await request('/auth?type=forgot-password')).text()).toBe(INDEX)
    const reset = await request('/auth?type=update-password&token=t', { headers: { cookie: live } })
    expect(reset.status).toBe(200)
    expect(await reset.text()).toBe(INDEX)
  })

  it('sends a form the browser submitted itself back to the page, never reading it', async () => {
    const res = await request('/auth?type=sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%40ejemplo.pe&new-password=secreta',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/auth?type=sign-up')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('prerendered chat page', () => {
  // The app's tags inert in a template until the page has painted (decision 0041).
  const CHAT = INDEX.replace('<div id="root"></div>', '<div id="root"><main>Pregunta</main></div>').replace(
    '</head>',
    '<template id="lexia-app-scripts">\n    <script type="module" src="/assets/index-abc123.js"></script>\n  </template></head>',
  )
  let database: Database
  let request: (path: string, cookie: string) => Response | Promise<Response>
  let live: string

  beforeAll(async () => {
    const dir = builtClient()
    writeFileSync(path.join(dir, 'chat.html'), CHAT)
    const built = await appWithSessions(dir)
    database = built.database
    live = await built.liveCookie()
    request = (p, cookie) => built.app.request(p, { headers: { cookie } })
  })
  afterAll(async () => {
    await database?.close()
  })

  it("sends it on both chat routes to a signed-in visitor, its chunks in the app's template (decisions 0036, 0041)", async () => {
    for (const route of ['/protected/chat', '/chat']) {
      const res = await request(route, live)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(
        CHAT.replace(
          '</template>',
          '    <link rel="modulepreload" crossorigin href="/assets/chat-abc123.js">\n  </template>',
        ),
      )
    }
    expect((await request('/protected/chat', 'otra=1')).status).toBe(302)
    expect((await request('/protected/chat', LAPSED_COOKIE)).status).toBe(302)
    // Other guarded pages keep the SPA's page and its own check.
    expect(await (await request('/protected/help', 'otra=1')).text()).toBe(INDEX)
  })
})
