import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/server/db/client'
import { staticRoutes } from '../src/server/http/static'
import { appForConfig, liveSessionCookie } from '../src/server/test/harness'
import { prerenderPages } from './prerender-pages.mjs'

/** Shaped like Vite's built index.html: an inline script (hashed into the policy) and the SPA's entry. */
const INDEX = `<!doctype html>
<html lang="es" class="dark" style="color-scheme: dark">
  <head>
    <title>Lexia — Asesor legal</title>
    <script>
      document.documentElement.classList.add('dark')
      window.dataLayer = window.dataLayer || []
    </script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  </head>
  <body>
    <noscript>Activa JavaScript para usar Lexia.</noscript>
    <div id="root"></div>
  </body>
</html>
`

function builtClient() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-prerender-'))
  mkdirSync(path.join(dir, '.vite'), { recursive: true })
  writeFileSync(path.join(dir, 'index.html'), INDEX)
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react.js', '_paths.js'] },
      'landing-main.ts': { file: 'assets/landing-abc.js', isEntry: true, imports: ['_paths.js'] },
      'auth-page-main.ts': { file: 'assets/auth-form-abc.js', isEntry: true, imports: ['_paths.js'] },
      '_paths.js': { file: 'assets/paths-abc.js' },
      'app/auth-area.tsx': { file: 'assets/auth-area-abc.js' },
      'pages/auth.tsx': { file: 'assets/auth-abc.js' },
      'pages/chat.tsx': { file: 'assets/chat-abc.js' },
      '_react.js': { file: 'assets/react-abc.js' },
    }),
  )
  return dir
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1] ?? ''))

/** The app's entry on a prerendered page: fetched at low priority, since the first paint needs none of it (0032). */
const LOW_PRIORITY_ENTRY = '<script type="module" crossorigin fetchpriority="low" src="/assets/index-abc.js">'

/**
 * The app's script and preloads, the route's chunk too, inert in the app-scripts template (decisions 0040, 0041),
 * and nowhere else on the page.
 */
function expectAppScriptsInert(page: string, route: string, routeChunk: string) {
  const template = /<template id="lexia-app-scripts">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? ''
  expect(template, route).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
  expect(template, route).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">')
  expect(template, route).toContain(`<link rel="modulepreload" crossorigin href="/assets/${routeChunk}">`)
  expect(page.replace(template, ''), route).not.toContain('index-abc.js')
}

/** Each inline script of the page is allowed by its hash in the policy the server sent with it. */
function expectInlineScriptsHashed(res: Response, page: string) {
  const policy = res.headers.get('content-security-policy') ?? ''
  for (const m of inlineScripts(page))
    expect(policy).toContain(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    )
}

describe('the prerendered pages, as the server sends them', () => {
  let dir: string
  let database: Database
  let request: (path: string, headers?: Record<string, string>) => Promise<Response>
  /** The pages served with no session check: a session cookie then gets /auth's card (a check that failed, too). */
  let unchecked: (path: string, headers?: Record<string, string>) => Promise<Response>
  let live: string

  beforeAll(async () => {
    dir = builtClient()
    // The build's own step: the real components rendered (bundled by esbuild, as scripts/build.mjs runs it).
    await prerenderPages(dir)
    const built = await appForConfig({ DATA_DIR: dir, NODE_ENV: 'test' }, dir, { migrate: true })
    database = built.database
    live = await liveSessionCookie(built.app)
    request = async (p, headers) => built.app.request(p, { headers })
    const pages = new Hono().route('/', staticRoutes(dir))
    unchecked = async (p, headers) => pages.request(p, { headers })
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers / with the landing's content and CSS before any script, and the landing's script only", async () => {
    const res = await request('/')
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toBe(readFileSync(path.join(dir, 'landing.html'), 'utf8'))
    const root = page.slice(page.indexOf('<div id="root">'))
    // The spec's strings and links (spec §2), in the markup itself.
    expect(root).toMatch(/<h1[^>]*>Tus dudas legales, respondidas/)
    expect(root).toContain('data-testid="public-header"')
    expect(root).toMatch(/<a [^>]*href="\/auth"[^>]*>Entrar<\/a>/)
    expect(root).toMatch(/<a [^>]*href="\/auth\?type=sign-up"[^>]*>Crear mi cuenta<\/a>/)
    expect(root).toMatch(/<a [^>]*href="#como-funciona"[^>]*>Cómo funciona<\/a>/)
    expect(root).toContain('alt="Logo Lexia"')
    expect(root).toContain('aria-label="Cambiar a modo claro"')
    expect(root).toContain('Información legal, no asesoría legal')
    // Chakra's reset, its token variables for both modes, and the classes the markup uses.
    const head = page.slice(0, page.indexOf('</head>'))
    expect(head).toContain('@layer reset')
    expect(head).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg/)
    const firstClass = /class="[^"]*\b(css-[a-z0-9]+)/.exec(root)?.[1]
    expect(head).toContain(`.${firstClass}{`)
    // No React, no Chakra runtime: the SPA's entry and its preloads are gone.
    expect(page).toContain('<script type="module" crossorigin src="/assets/landing-abc.js"></script>')
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/paths-abc.js">')
    expect(page).not.toContain('index-abc.js')
    expect(page).not.toContain('react-abc.js')
  })

  it('passes the policy: each inline script of the page is hashed in script-src, nothing else allowed', async () => {
    const res = await request('/')
    const page = await res.text()
    const policy = res.headers.get('content-security-policy') ?? ''
    const scriptSrc = /(?:^|;\s*)script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? []
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    const scripts = inlineScripts(page)
    expect(scripts).toHaveLength(1)
    for (const m of scripts) {
      const hash = `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`
      expect(scriptSrc).toContain(hash)
    }
    // The pages' one shared head script and the chat's loader (decision 0041), nothing else.
    expect(scriptSrc).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-/),
      expect.stringMatching(/^'sha256-/),
    ])
  })

  it("answers /auth with the card to a session it could not check, its first paint per tab, the app's script at low priority, its chunks named", async () => {
    for (const [route, title] of [
      ['/auth', 'Accede a Lexia'],
      ['/auth?type=sign-up', 'Crea tu cuenta en Lexia'],
    ] as const) {
      // Checked, a live session goes on to the chat and a lapsed one gets the form (static.test.ts).
      expect((await request(route, { cookie: live })).status, route).toBe(302)
      const res = await unchecked(route, { cookie: 'lexia.session_token=x' })
      expect(res.headers.get('vary'), route).toContain('Cookie')
      expect(res.status, route).toBe(200)
      const page = await res.text()
      const root = page.slice(page.indexOf('<div id="root">'))
      expect(root, route).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
      expect(root, route).toContain('data-testid="auth-card"')
      expect(root, route).toContain('role="status"')
      // Full screen: no public header.
      expect(root, route).not.toContain('data-testid="public-header"')
      expect(page, route).toContain(LOW_PRIORITY_ENTRY)
      expect(page, route).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-abc.js">',
      )
      // The app's headers with the card's own inline scripts hashed: the same page, sent as the app sends it.
      expectInlineScriptsHashed(await request(route), page)
    }
    // The reset forms are not prerendered: the app's page.
    const reset = await (await request('/auth?type=forgot-password')).text()
    expect(reset).toContain('<div id="root"></div>')
  })

  it("answers /auth without a session cookie with the tab's form itself, the app's script kept inert (decision 0040)", async () => {
    for (const [route, title, form, password, sending] of [
      ['/auth', 'Accede a Lexia', 'sign-in-form', 'current-password', 'Entrando…'],
      ['/auth?type=sign-up', 'Crea tu cuenta en Lexia', 'sign-up-form', 'new-password', 'Creando tu cuenta…'],
    ] as const) {
      const res = await request(route, { cookie: 'otra=1' })
      expect(res.status, route).toBe(200)
      expect(res.headers.get('vary'), route).toContain('Cookie')
      const page = await res.text()
      const root = page.slice(page.indexOf('<div id="root">'))
      expect(root, route).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`))
      // The app's own tabs and form: labelled fields, never a GET (no action; POST were it ever sent natively).
      expect(root, route).toMatch(/<button[^>]*role="tab"[^>]*data-value="sign-in"/)
      expect(root, route).toMatch(/<button[^>]*role="tab"[^>]*data-value="sign-up"/)
      expect(root, route).toMatch(new RegExp(`<form[^>]*data-testid="${form}"[^>]*method="post"`))
      expect(root, route).not.toMatch(/<form[^>]*action=/)
      const email = /<input[^>]*name="email"[^>]*>/.exec(root)?.[0] ?? ''
      const emailId = /\bid="([^"]+)"/.exec(email)?.[1]
      expect(root, route).toContain(`for="${emailId}"`)
      expect(root, route).toMatch(new RegExp(`<input[^>]*autoComplete="${password}"`))
      // Beside the form, after it, its button as the app shows it while sending (decision 0041).
      const sendingButton = new RegExp(`<template data-lexia-sending="${form}">([\\s\\S]*?)</template>`).exec(
        root,
      )
      expect(sendingButton?.[1], route).toMatch(/^<button type="submit"[^>]*data-loading=""[^>]*disabled=""/)
      expect(sendingButton?.[1], route).toContain(`${sending}</span></button>`)
      expect(sendingButton?.[1], route).toContain('chakra-spinner')
      expect(root.indexOf('<template data-lexia-sending'), route).toBeGreaterThan(root.indexOf('</form>'))
      // The sign-up's new password as the app shows it refused, for a held submit the app would refuse (0041).
      const refused = new RegExp(`<template data-lexia-refused="${form}">([\\s\\S]*?)</template>`).exec(
        root,
      )?.[1]
      if (form === 'sign-up-form') {
        expect(refused, route).toMatch(/^<div[^>]*data-part="root"[^>]*data-invalid=""/)
        expect(refused, route).toMatch(/<input aria-invalid="true"[^>]*name="new-password"/)
        expect(refused, route).toContain('La contraseña debe tener al menos 6 caracteres</span></div>')
        expect(root.indexOf('<template data-lexia-refused'), route).toBeGreaterThan(root.indexOf('</form>'))
      } else expect(refused, route).toBeUndefined()
      expect(root, route).not.toContain('role="status"')
      // Its own script at normal priority; the app's script and preloads, the route's too, inert in the template.
      expect(page, route).toContain(
        '<script type="module" crossorigin src="/assets/auth-form-abc.js"></script>',
      )
      expectAppScriptsInert(page, route, 'auth-abc.js')
      expectInlineScriptsHashed(res, page)
    }
  })

  it("answers the chat's routes with its loading state to a signed-in visitor (decision 0036)", async () => {
    for (const route of ['/protected/chat', '/chat']) {
      const res = await request(route, { cookie: live })
      expect(res.status, route).toBe(200)
      const page = await res.text()
      const root = page.slice(page.indexOf('<div id="root">'))
      expect(root, route).toContain('data-testid="chat-waiting"')
      expect(root, route).toContain('Pregunta como lo dirías a un abogado')
      // The app's script and preloads, the route's too, inert in the template until the page has painted; the loader
      // that puts them into the head, inline and hashed (decision 0041).
      expectAppScriptsInert(page, route, 'chat-abc.js')
      expect(page, route).toContain("getEntriesByName('first-contentful-paint')")
      expectInlineScriptsHashed(res, page)
      expect((await request(route)).status, route).toBe(302)
    }
  })

  it('keeps the SPA page on every other route', async () => {
    for (const route of ['/protected/help', '/help', '/protected/pdf_viewer']) {
      const page = await (await request(route)).text()
      expect(page, route).toContain('/assets/index-abc.js')
      expect(page, route).not.toContain('landing-abc.js')
      expect(page, route).toContain('<div id="root"></div>')
    }
    const missing = await request('/no-existe')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe(INDEX)
  })
})
