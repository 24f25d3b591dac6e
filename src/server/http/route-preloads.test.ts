import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTE_MODULES, routePreloadFiles, type ViteManifest, withModulePreloads } from './route-preloads'

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_form.js': { file: 'assets/form-1.js', imports: ['_react.js'] },
  'app/auth-area.tsx': { file: 'assets/auth-area-1.js', imports: ['_react.js', '_session.js'] },
  '_session.js': { file: 'assets/session-1.js' },
  'pages/auth.tsx': { file: 'assets/auth-1.js', imports: ['_form.js', '_session.js'] },
}

describe('route preloads', () => {
  it("names a route's lazy chunks and what they import, once each, leaving out the entry's", () => {
    expect(routePreloadFiles(MANIFEST, ['app/auth-area.tsx', 'pages/auth.tsx'])).toEqual([
      'assets/auth-area-1.js',
      'assets/session-1.js',
      'assets/auth-1.js',
      'assets/form-1.js',
    ])
  })

  it('skips a module the build does not know', () => {
    expect(routePreloadFiles(MANIFEST, ['pages/gone.tsx', 'pages/auth.tsx'])).toEqual([
      'assets/auth-1.js',
      'assets/form-1.js',
      'assets/session-1.js',
    ])
  })

  it('writes one modulepreload link per file before </head>, and leaves a page without files alone', () => {
    const html = '<html><head><title>x</title></head><body></body></html>'
    const out = withModulePreloads(html, ['assets/a.js', 'assets/b.js'])
    expect(out).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/a.js">\s*<link rel="modulepreload" crossorigin href="\/assets\/b.js">\s*<\/head>/,
    )
    expect(withModulePreloads(html, [])).toBe(html)
    // A prerendered page's hints ask for low priority (decision 0032).
    expect(withModulePreloads(html, ['assets/a.js'], { priority: 'low' })).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/a.js">',
    )
  })

  it("writes them inside /auth's form page's template when asked (decision 0040), and refuses a page without it", () => {
    const html =
      '<html><head><template id="t">\n    <script src="/x.js"></script>\n  </template></head></html>'
    expect(withModulePreloads(html, ['assets/a.js'], { intoTemplate: 't' })).toMatch(
      /<script src="\/x.js"><\/script>\s*<link rel="modulepreload" crossorigin href="\/assets\/a.js">\s*<\/template><\/head>/,
    )
    expect(() => withModulePreloads('<html></html>', ['assets/a.js'], { intoTemplate: 't' })).toThrow(
      /template/,
    )
    // Another template before it (a form's sending button, decision 0041) is left as it is.
    const two = `<html><head><template data-other="1"><b></b></template>${html.slice(12)}`
    const out = withModulePreloads(two, ['assets/a.js'], { intoTemplate: 't' })
    expect(out).toContain('<template data-other="1"><b></b></template>')
    expect(out).toMatch(
      /<script src="\/x.js"><\/script>\s*<link rel="modulepreload"[^>]*>\s*<\/template><\/head>/,
    )
  })

  it('names only modules that exist in the client sources (a renamed page must be renamed here too)', () => {
    const client = path.resolve(import.meta.dirname, '../../client')
    for (const [route, modules] of ROUTE_MODULES)
      for (const m of modules) expect(existsSync(path.join(client, m)), `${route} → ${m}`).toBe(true)
  })
})
