import { describe, expect, it } from 'vitest'
import {
  APP_LOADER_SCRIPT,
  appLoaderDocument,
  appPageDocument,
  authFormDocument,
  landingDocument,
  landingScriptFiles,
} from './landing-document'

/** Shaped like Vite's built index.html: the theme script inline, the entry and its preloads at the end of <head>. */
const BUILT_INDEX = `<!doctype html>
<html lang="es" class="dark">
  <head>
    <title>Lexia — Asesor legal</title>
    <script>
      document.documentElement.classList.add('dark')
    </script>
    <style>html.dark{background:#09090b}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/chakra-abc.js">
  </head>
  <body>
    <noscript>Activa JavaScript para usar Lexia.</noscript>
    <div id="root"></div>
  </body>
</html>
`
const RENDERED = {
  markup: '<main><h1>Hola</h1></main>',
  styles: [
    { emotion: 'css-global g1', css: ':root{--x:1}' },
    { emotion: 'css c1', css: '.css-c1{color:red}' },
  ],
}
/** The rendered CSS as the page's head carries it: Emotion's server-rendered elements (decision 0036). */
const RENDERED_STYLES =
  '<style data-emotion="css-global g1">:root{--x:1}</style>\n    <style data-emotion="css c1">.css-c1{color:red}</style>'

describe('landingDocument', () => {
  it("keeps the built head, swaps the SPA's script for the landing's and fills #root", () => {
    const page = landingDocument(BUILT_INDEX, RENDERED, ['assets/landing-1.js', 'assets/paths-2.js'])
    expect(page).not.toContain('index-abc.js')
    expect(page).not.toContain('react-abc.js')
    expect(page).not.toContain('chakra-abc.js')
    expect(page).toContain(`<script>
      document.documentElement.classList.add('dark')
    </script>`)
    expect(page).toContain(RENDERED_STYLES)
    expect(page).toContain('<script type="module" crossorigin src="/assets/landing-1.js"></script>')
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/paths-2.js">')
    expect(page).toContain('<div id="root"><main><h1>Hola</h1></main></div>')
    // The CSS and the landing's script in <head>, after the theme script that must run first.
    expect(page.indexOf('classList.add')).toBeLessThan(page.indexOf('--x:1'))
    expect(page.indexOf('landing-1.js')).toBeLessThan(page.indexOf('</head>'))
  })

  it('refuses markup with a script, CSS that closes its tag, and a page without one empty #root', () => {
    const files = ['assets/landing-1.js']
    expect(() =>
      landingDocument(BUILT_INDEX, { ...RENDERED, markup: '<script>alert(1)</script>' }, files),
    ).toThrow(/<script>/)
    const styles = (emotion: string, css: string) => ({ ...RENDERED, styles: [{ emotion, css }] })
    expect(() => landingDocument(BUILT_INDEX, styles('css a', 'a{}</style><p>'), files)).toThrow(/<style>/)
    expect(() => landingDocument(BUILT_INDEX, styles('css a"><p', 'a{}'), files)).toThrow(/data-emotion/)
    expect(() => landingDocument(BUILT_INDEX.replace('<div id="root"></div>', ''), RENDERED, files)).toThrow(
      /un solo/,
    )
  })

  it('refuses a page with a module script it does not know how to take out', () => {
    const odd = BUILT_INDEX.replace('</body>', '<script type="module">import "/x.js"</script></body>')
    expect(() => landingDocument(odd, RENDERED, ['assets/landing-1.js'])).toThrow(/script o precarga/)
  })
})

describe('appPageDocument', () => {
  it("keeps the app's script and preloads, at low priority, and fills #root", () => {
    const page = appPageDocument(BUILT_INDEX, RENDERED)
    expect(page).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-abc.js">',
    )
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-abc.js">',
    )
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/chakra-abc.js">',
    )
    expect(page).not.toMatch(/<(script type="module"|link rel="modulepreload") crossorigin (src|href)/)
    expect(page).toContain(RENDERED_STYLES)
    expect(page).toContain('<div id="root"><main><h1>Hola</h1></main></div>')
  })
})

describe('authFormDocument', () => {
  it("has its own script, the app's tags inert in a template, and no paint before #root is parsed", () => {
    const page = authFormDocument(BUILT_INDEX, RENDERED, ['assets/auth-form-1.js', 'assets/paths-2.js'])
    expect(page).toContain('<script type="module" crossorigin src="/assets/auth-form-1.js"></script>')
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/paths-2.js">')
    const template = /<template id="lexia-app-scripts">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? ''
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">')
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/chakra-abc.js">')
    expect(page.replace(template, '')).not.toContain('index-abc.js')
    // Its first paint waits for the whole form to be parsed.
    expect(page).toContain('<link rel="expect" href="#lexia-parsed" blocking="render">')
    expect(page).toContain(RENDERED_STYLES)
    expect(page).toContain(
      '<div id="root"><main><h1>Hola</h1></main><span id="lexia-parsed" hidden></span></div>',
    )
    expect(page.indexOf('</template>')).toBeLessThan(page.indexOf('</head>'))
  })
})

describe('appLoaderDocument', () => {
  it("keeps the app's tags inert in a template, with the inline loader after it, and fills #root", () => {
    const page = appLoaderDocument(BUILT_INDEX, RENDERED)
    const template = /<template id="lexia-app-scripts">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? ''
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">')
    expect(template).toContain('<link rel="modulepreload" crossorigin href="/assets/chakra-abc.js">')
    expect(page.replace(template, '')).not.toContain('index-abc.js')
    expect(page).not.toContain('fetchpriority')
    expect(page).toContain(`<script>${APP_LOADER_SCRIPT}</script>`)
    expect(page.indexOf('</template>')).toBeLessThan(page.indexOf(APP_LOADER_SCRIPT))
    expect(page.indexOf(APP_LOADER_SCRIPT)).toBeLessThan(page.indexOf('</head>'))
    expect(page).toContain(RENDERED_STYLES)
    expect(page).toContain('<div id="root"><main><h1>Hola</h1></main></div>')
  })
})

describe('the app loader', () => {
  type Entry = { name: string }
  /** The loader run against a page of stubs: its template, the paint entries it is given and the load event. */
  function runLoader({ observer = true, hidden = false } = {}) {
    const appended: unknown[] = []
    // The module script, then its preloads, as the template holds them.
    const content = { children: Array.from({ length: 20 }, (_, i) => `tag-${i}`) }
    const timers: (() => void)[] = []
    const template = {
      content,
      removed: false,
      remove() {
        this.removed = true
      },
    }
    let onLoad: (() => void) | undefined
    let onPaint: ((list: { getEntriesByName: (name: string) => Entry[] }) => void) | undefined
    let disconnected = false
    const document = {
      visibilityState: hidden ? 'hidden' : 'visible',
      getElementById: (id: string) => (id === 'lexia-app-scripts' && !template.removed ? template : null),
      importNode: (node: typeof content, deep: boolean) => (deep ? { children: [...node.children] } : null),
      head: { append: (...nodes: unknown[]) => appended.push(nodes) },
    }
    const window = {
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') onLoad = listener
      },
    }
    class PerformanceObserverStub {
      constructor(callback: typeof onPaint) {
        if (!observer) throw new TypeError('no PerformanceObserver')
        onPaint = callback
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true })
      }
      disconnect() {
        disconnected = true
      }
    }
    new Function('window', 'document', 'PerformanceObserver', 'setTimeout', APP_LOADER_SCRIPT)(
      window,
      document,
      PerformanceObserverStub,
      (callback: () => void) => timers.push(callback),
    )
    const paint = (...names: string[]) =>
      onPaint?.({ getEntriesByName: (name) => names.filter((n) => n === name).map((n) => ({ name: n })) })
    /** The tasks the loader queued, run in turn; the tags it inserted, as the head received them. */
    const inserted = () => {
      while (timers.length) timers.shift()?.()
      return appended
    }
    return { appended, inserted, paint, load: () => onLoad?.(), disconnected: () => disconnected }
  }
  const ALL_TAGS = Array.from({ length: 20 }, (_, i) => `tag-${i}`)

  it('adds the app only once the page has painted content, once, a few tags per task', () => {
    const page = runLoader()
    expect(page.appended).toEqual([])
    page.paint('first-paint')
    expect(page.appended).toEqual([])
    page.paint('first-contentful-paint')
    // The module script and the first preloads at once, the rest a few per task after it.
    expect(page.appended).toEqual([ALL_TAGS.slice(0, 8)])
    expect(page.inserted()).toEqual([ALL_TAGS.slice(0, 8), ALL_TAGS.slice(8, 16), ALL_TAGS.slice(16)])
    expect(page.disconnected()).toBe(true)
    page.load()
    expect(page.inserted().flat()).toEqual(ALL_TAGS)
  })

  it('waits for the paint when the page loads before it', () => {
    const page = runLoader()
    page.load()
    expect(page.appended).toEqual([])
    page.paint('first-paint', 'first-contentful-paint')
    expect(page.inserted().flat()).toEqual(ALL_TAGS)
  })

  it('adds it at load when the page is hidden then (a tab opened in the background paints nothing)', () => {
    const page = runLoader({ hidden: true })
    page.load()
    expect(page.inserted().flat()).toEqual(ALL_TAGS)
    page.paint('first-paint', 'first-contentful-paint')
    expect(page.inserted().flat()).toEqual(ALL_TAGS)
  })

  it('adds it at once where the browser cannot observe paints', () => {
    const page = runLoader({ observer: false })
    expect(page.inserted().flat()).toEqual(ALL_TAGS)
  })
})

describe('landingScriptFiles', () => {
  it("gives the landing entry's file, then the chunks it imports, once each", () => {
    const manifest = {
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react.js', '_paths.js'] },
      'landing-main.ts': { file: 'assets/landing-1.js', isEntry: true, imports: ['_paths.js', '_gtm.js'] },
      '_paths.js': { file: 'assets/paths-2.js', imports: ['_brand.js'] },
      '_gtm.js': { file: 'assets/gtm-3.js', imports: ['_brand.js'] },
      '_brand.js': { file: 'assets/brand-4.js' },
      '_react.js': { file: 'assets/react-abc.js' },
    }
    expect(landingScriptFiles(manifest)).toEqual([
      'assets/landing-1.js',
      'assets/paths-2.js',
      'assets/brand-4.js',
      'assets/gtm-3.js',
    ])
  })

  it('fails the build when the manifest has no landing entry', () => {
    expect(() => landingScriptFiles({ 'index.html': { file: 'assets/index-abc.js' } })).toThrow(
      /landing-main\.ts/,
    )
  })
})
