import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono } from 'hono'
import { accepts } from 'hono/accepts'
import { AFTER_SIGN_IN_PATH } from '../../shared/auth-schemas'
import {
  APP_SCRIPTS_TEMPLATE_ID,
  AUTH_FORM_PAGE_FILES,
  AUTH_PAGE_FILES,
  CHAT_PAGE_FILE,
  LANDING_PAGE_FILE,
} from '../../shared/prerendered-pages'
import { credentialOf } from '../auth/session-cache'
import { ROUTE_MODULES, readViteManifest, routePreloadFiles, withModulePreloads } from './route-preloads'

/** Client routes of spec §2: the SPA answers them with 200; anything else gets the SPA's 404 page. */
const SPA_ROUTES = [
  /^\/$/,
  /^\/auth\/?$/,
  /^\/auth\/callback\/?$/,
  /^\/chat\/?$/,
  /^\/help\/?$/,
  /^\/protected\/(chat|help|pdf_viewer)\/?$/,
]

const AUTH_PATH = /^\/auth\/?$/
const CHAT_PATH = /^\/(protected\/)?chat\/?$/

/** What scripts/precompress.mjs writes beside a file, in the order we prefer them (the smallest first). */
const ENCODINGS = ['br', 'gzip'] as const
type Encoding = (typeof ENCODINGS)[number]

/** Files served compressed when a compressed copy exists: a cache must key them by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|md|txt|map|webmanifest)$/

/**
 * The best encoding the request accepts (q > 0), by our preference rather than the header's order: browsers list
 * gzip first but all of them read brotli, which is smaller.
 */
export function negotiateEncoding(c: Context): Encoding | 'identity' {
  return accepts(c, {
    header: 'Accept-Encoding',
    supports: [...ENCODINGS],
    default: 'identity',
    match: (accepted, { supports, default: fallback }) =>
      supports.find((s) => accepted.some((a) => a.q > 0 && a.type.toLowerCase() === s)) ?? fallback,
  }) as Encoding | 'identity'
}

const readPage = (clientDir: string, name: string): string | null => {
  const file = path.join(clientDir, name)
  return existsSync(file) ? readFileSync(file, 'utf8') : null
}

export function readClientIndex(clientDir: string): string | null {
  return readPage(clientDir, 'index.html')
}

/** The pages the server sends whole (their inline scripts are hashed into the policy): the SPA's, the prerendered. */
export function readClientPages(clientDir: string): string[] {
  const names = [
    'index.html',
    LANDING_PAGE_FILE,
    ...Object.values(AUTH_PAGE_FILES),
    ...Object.values(AUTH_FORM_PAGE_FILES),
    CHAT_PAGE_FILE,
  ]
  return names.map((name) => readPage(clientDir, name)).filter((p) => p !== null)
}

type AuthTab = keyof typeof AUTH_PAGE_FILES

/** /auth's tab by its query, as the page reads it; another `type` (a reset form) is not prerendered. */
function authTab(type: string | undefined): AuthTab | null {
  if (type === undefined) return 'sign-in'
  return type === 'sign-up' ? 'sign-up' : null
}

/**
 * Whether a request's credential is a live session (auth's own check, cached). Without it the pages go by whether a
 * session cookie is there at all, and the app's own check decides the rest.
 */
export type SessionCheck = (headers: Headers) => Promise<boolean>

export function staticRoutes(clientDir: string, options: { signedIn?: SessionCheck } = {}) {
  const app = new Hono()
  const indexHtml = readClientIndex(clientDir)
  if (indexHtml === null) {
    app.get('*', (c) =>
      c.text(
        'El cliente no está construido: ejecuta `npm run build` (o `npm start`, que lo construye).',
        503,
      ),
    )
    return app
  }
  // The page is a few KB: compressed once, it is sent compressed on every SPA route, not only on `/`. A route whose
  // page is lazy gets its own copy naming that page's chunks (route-preloads.ts). Each copy is compressed the first
  // time it is asked for, not here: the dozen pages at brotli's best took about 0.3 s of every start (decision 0039).
  const compressed = (page: string): Record<Encoding | 'identity', Buffer> => {
    const identity = Buffer.from(page)
    let br: Buffer | undefined
    let gzip: Buffer | undefined
    return {
      identity,
      get br() {
        br ??= brotliCompressSync(identity)
        return br
      },
      get gzip() {
        gzip ??= gzipSync(identity, { level: 9 })
        return gzip
      },
    }
  }
  const plainBodies = compressed(indexHtml)
  // `/` is the page rendered at build time, when the build wrote it: its first paint waits for no script.
  const landingHtml = readPage(clientDir, LANDING_PAGE_FILE)
  const landingBodies = landingHtml === null ? plainBodies : compressed(landingHtml)
  const manifest = readViteManifest(clientDir)
  const routeBodies = ROUTE_MODULES.map(
    ([route, modules]) =>
      [
        route,
        manifest
          ? compressed(withModulePreloads(indexHtml, routePreloadFiles(manifest, modules)))
          : plainBodies,
      ] as const,
  )
  // A page of the app prerendered for its first paint, when the build wrote it: with its route's chunks named, as on
  // the plain page, fetched at low priority like its script (decision 0032). /auth's form pages and the chat's keep
  // the app's tags in an inert template, fetched when the app is wanted (decisions 0040, 0041): its route's go in
  // there, as they are.
  const prerenderedBodies = (name: string, path: string, inTemplate = false) => {
    const html = readPage(clientDir, name)
    if (html === null) return null
    const modules = ROUTE_MODULES.find(([route]) => route.test(path))?.[1] ?? []
    if (!manifest) return compressed(html)
    const files = routePreloadFiles(manifest, modules)
    return compressed(
      withModulePreloads(
        html,
        files,
        inTemplate ? { intoTemplate: APP_SCRIPTS_TEMPLATE_ID } : { priority: 'low' },
      ),
    )
  }
  const authPages = (files: Record<AuthTab, string>, inTemplate = false) =>
    new Map(
      Object.entries(files).flatMap(([tab, name]) => {
        const bodies = prerenderedBodies(name, '/auth', inTemplate)
        return bodies ? [[tab as AuthTab, bodies] as const] : []
      }),
    )
  const authBodies = authPages(AUTH_PAGE_FILES)
  const authFormBodies = authPages(AUTH_FORM_PAGE_FILES, true)
  const chatBodies = prerenderedBodies(CHAT_PAGE_FILE, '/protected/chat', true)
  const bodiesFor = (c: Context, signedOut: boolean) => {
    if (c.req.path === '/') return landingBodies
    const prerendered = AUTH_PATH.test(c.req.path) ? authTab(c.req.query('type')) : null
    // A signed-out visitor gets the tab's form itself (decision 0040); one whose session is not known to have
    // lapsed, the card until the app's check says whether it still holds.
    const form = prerendered && signedOut ? authFormBodies.get(prerendered) : undefined
    if (form) return form
    if (prerendered && authBodies.has(prerendered)) return authBodies.get(prerendered)!
    if (chatBodies && CHAT_PATH.test(c.req.path)) return chatBodies
    return routeBodies.find(([route]) => route.test(c.req.path))?.[1] ?? plainBodies
  }
  const serveIndex = (c: Context, status: 200 | 404, signedOut = false) => {
    const encoding = negotiateEncoding(c)
    const bodies = status === 200 ? bodiesFor(c, signedOut) : plainBodies
    const body = bodies[encoding]
    c.header('content-type', 'text/html; charset=UTF-8')
    c.header('vary', 'Accept-Encoding', { append: true })
    // Revalidated on every visit: it names the hashed assets of the current build.
    c.header('cache-control', 'no-cache')
    if (encoding !== 'identity') c.header('content-encoding', encoding)
    if (c.req.method === 'HEAD') return c.body(null, status)
    return c.body(new Uint8Array(body), status)
  }

  /**
   * Whether the request is signed in: 'out' without a session cookie, or (given `options.signedIn`) with one whose
   * session has lapsed or was ended; 'in' when its session holds; 'unknown' when nothing checked it (no check given,
   * or the check failed: the database busy or gone), which leaves it to the app's own check.
   */
  const sessionState = async (c: Context): Promise<'in' | 'out' | 'unknown'> => {
    if (credentialOf(c.req.raw.headers) === null) return 'out'
    if (!options.signedIn) return 'unknown'
    const holds = await options.signedIn(c.req.raw.headers).catch(() => undefined)
    return holds === undefined ? 'unknown' : holds ? 'in' : 'out'
  }
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!SPA_ROUTES.some((r) => r.test(c.req.path))) return next()
    const chat = CHAT_PATH.test(c.req.path)
    const tab = AUTH_PATH.test(c.req.path) ? authTab(c.req.query('type')) : null
    // Which of these pages is sent depends on the session: vary by cookie.
    if (chat || AUTH_PATH.test(c.req.path)) c.header('vary', 'Cookie', { append: true })
    if (!chat && !tab) return serveIndex(c, 200)
    const session = await sessionState(c)
    if (chat && session === 'out') {
      // The chat's first paint is its loading state (decision 0036): shown to a visitor who is signed out, it would
      // stand for a chat they cannot have until the app's check sends them to /auth. The server sends them there.
      c.header('cache-control', 'no-store')
      return c.redirect('/auth', 302)
    }
    if (tab && session === 'in') {
      // Signed in: on to the chat, where the app's /auth page would send them once started (spec §2).
      c.header('cache-control', 'no-store')
      return c.redirect(AFTER_SIGN_IN_PATH, 302)
    }
    return serveIndex(c, 200, session === 'out')
  })
  // The form pages' forms have no action: were one ever submitted by the browser itself (before their script ran),
  // it would come here as a POST (method="post": the password never in a URL), and go back to the page.
  app.post('*', (c, next) => {
    if (!AUTH_PATH.test(c.req.path)) return next()
    c.header('cache-control', 'no-store')
    const url = new URL(c.req.url)
    return c.redirect(`${url.pathname}${url.search}`, 303)
  })
  // Hashed file names: cache forever. Everything else revalidates.
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status !== 200 && c.res.status !== 206) return
    if (COMPRESSIBLE.test(c.req.path) && !c.res.headers.get('vary')?.includes('Accept-Encoding'))
      c.res.headers.append('vary', 'Accept-Encoding')
    if (c.res.headers.has('cache-control')) return
    const immutable = c.req.path.startsWith('/assets/')
    c.res.headers.set('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  app.use('*', serveStatic({ root: clientDir, precompressed: true }))
  app.get('*', (c) => serveIndex(c, 404))
  return app
}
