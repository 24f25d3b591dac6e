import { APP_SCRIPTS_TEMPLATE_ID } from '../../shared/prerendered-pages'
import type { RenderedPage } from './render-page'

/** The part of Vite's build manifest read here (vite.config.ts: `build.manifest`, the `landing` input). */
export type BuiltManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>

/** The landing page's script, as vite.config.ts names its input (relative to src/client). */
export const LANDING_SCRIPT = 'landing-main.ts'

/** /auth's form page's script (decision 0040), as vite.config.ts names its input. */
export const AUTH_FORM_SCRIPT = 'auth-page-main.ts'

/** The file a script input was built to, then the chunks it imports, in load order. */
export function scriptFiles(manifest: BuiltManifest, input: string): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const walk = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) walk(imported)
  }
  walk(input)
  if (files.length === 0) throw new Error(`el manifiesto de Vite no tiene ${input}: ¿vite.config.ts?`)
  return files
}

/** The file the landing script was built to, then the chunks it imports, in load order. */
export function landingScriptFiles(manifest: BuiltManifest): string[] {
  return scriptFiles(manifest, LANDING_SCRIPT)
}

/** The built page with the rendered CSS at the end of its head and the markup in its empty #root. */
function withRendered(html: string, rendered: RenderedPage, headExtra: readonly string[] = []): string {
  for (const { emotion, css } of rendered.styles) {
    if (css.includes('</style')) throw new Error('el CSS prerenderizado cierra su propia etiqueta <style>')
    if (!/^[\w -]+$/.test(emotion)) throw new Error(`data-emotion inesperado: ${emotion}`)
  }
  // Any inline script would need its own hash in the policy; a prerendered page must not carry one.
  if (/<script\b/i.test(rendered.markup)) throw new Error('el HTML prerenderizado trae un <script>')
  const root = '<div id="root"></div>'
  if (html.split(root).length !== 2) throw new Error(`index.html debe tener un solo ${root}`)
  const styles = rendered.styles.map(
    ({ emotion, css }) => `    <style data-emotion="${emotion}">${css}</style>`,
  )
  const head = [...styles, ...headExtra].join('\n')
  return html
    .replace('</head>', `${head}\n  </head>`)
    .replace(root, `<div id="root">${rendered.markup}</div>`)
}

/** The SPA's module script and preloads, one tag a line as Vite writes them. */
const APP_SCRIPT_TAGS =
  /^[ \t]*<(?:script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/gm

/** The built page without the SPA's script and preloads, and those tags, as they were. */
function withoutAppScripts(indexHtml: string): { html: string; tags: string[] } {
  const tags = indexHtml.match(APP_SCRIPT_TAGS) ?? []
  const html = indexHtml.replace(APP_SCRIPT_TAGS, '')
  if (/<script type="module"|rel="modulepreload"/.test(html))
    throw new Error('index.html tiene un script o precarga que la página prerenderizada no sabe quitar')
  return { html, tags }
}

/**
 * The built page without the SPA's script and preloads, and those tags kept as they were inside an inert
 * <template> (nothing in it is fetched or run) for the page to put into its head when the app is wanted.
 */
function withAppScriptsTemplate(indexHtml: string): { html: string; template: string[] } {
  const { html, tags } = withoutAppScripts(indexHtml)
  if (tags.length === 0) throw new Error('index.html no tiene el script de la aplicación')
  return {
    html,
    template: [
      `    <template id="${APP_SCRIPTS_TEMPLATE_ID}">`,
      ...tags.map((tag) => `  ${tag.trimEnd()}`),
      '    </template>',
    ],
  }
}

/** The end of /auth's form page's markup, which its first paint waits for. */
const PARSED_MARK_ID = 'lexia-parsed'

/** A prerendered page's own script: its module and the chunks it imports, preloaded. */
function ownScriptTags(scriptFiles: readonly string[]): string[] {
  const [entry, ...chunks] = scriptFiles
  return [
    `    <script type="module" crossorigin src="/${entry}"></script>`,
    ...chunks.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
  ]
}

/**
 * The prerendered landing page, made from the built index.html so its head (meta tags, the colour-mode script that
 * runs before first paint, the CSP-hashed inline script) stays the SPA's, byte for byte: the SPA's module script
 * and its preloads give way to the landing script's, the rendered CSS goes into the head and the markup into #root.
 */
export function landingDocument(
  indexHtml: string,
  rendered: RenderedPage,
  scriptFiles: readonly string[],
): string {
  return withRendered(withoutAppScripts(indexHtml).html, rendered, ownScriptTags(scriptFiles))
}

/**
 * /auth's form page for a visitor without a session cookie (decision 0040): like the landing page, the built
 * index.html with its own small script, the rendered CSS and markup; the SPA's script and preloads are kept, as they
 * were, in an inert <template> (nothing in it is fetched or run) that the page's script puts into the head when the
 * app is wanted. The static server adds the route's preloads inside it.
 */
export function authFormDocument(
  indexHtml: string,
  rendered: RenderedPage,
  scriptFiles: readonly string[],
): string {
  const { html, template } = withAppScriptsTemplate(indexHtml)
  // No paint of a half-parsed form: the card is centred, so a paint of part of it moved it as the rest was parsed
  // (CLS 0.06, in some Lighthouse rounds). Rendering waits until the parser reaches an empty element after the markup
  // (inside #root, so the app's first commit removes it with the rest).
  const markup = `${rendered.markup}<span id="${PARSED_MARK_ID}" hidden></span>`
  return withRendered(html, { ...rendered, markup }, [
    `    <link rel="expect" href="#${PARSED_MARK_ID}" blocking="render">`,
    ...ownScriptTags(scriptFiles),
    ...template,
  ])
}

/** How many of the app's tags the chat page's loader inserts per task. */
const LOADER_BATCH = 8

/**
 * The chat page's loader (decision 0041), inline in its head after the template: it puts the app's script and
 * preloads into the head once the page has painted its content (the first `first-contentful-paint` entry); at the
 * window's load instead when the page is hidden then (a tab opened in the background paints nothing until shown),
 * and at once where the browser cannot observe paints; the module script first, then its preloads, a few per task.
 * Fetched before that paint, a simulated slow phone (Lighthouse's Lantern) counts them as what the paint waited for;
 * and a shown page's load may come before its first paint. It runs as the parser reaches it, before the markup: it
 * only registers what it waits for. Inline, so it costs no request; the server hashes it into the policy with the
 * page's other inline script.
 */
export const APP_LOADER_SCRIPT = `
      ;(() => {
        var started = false
        var start = () => {
          var template = document.getElementById('${APP_SCRIPTS_TEMPLATE_ID}')
          if (started || !template) return
          started = true
          template.remove()
          // The module script first, then its preloads, a few per task: each tag starts its fetch as it is inserted,
          // and the 40-odd at once were one task of 15-30 ms here (a phone's 60-120).
          var tags = Array.from(document.importNode(template.content, true).children)
          var insert = () => {
            document.head.append(...tags.splice(0, ${LOADER_BATCH}))
            if (tags.length) setTimeout(insert, 0)
          }
          insert()
        }
        window.addEventListener('load', () => document.visibilityState === 'hidden' && start(), { once: true })
        try {
          var observer = new PerformanceObserver((list) => {
            if (!list.getEntriesByName('first-contentful-paint').length) return
            observer.disconnect()
            start()
          })
          observer.observe({ type: 'paint', buffered: true })
        } catch {
          start()
        }
      })()
    `

/**
 * The chat's prerendered page (decision 0036) with its app started by a loader (decision 0041): the built index.html
 * with the rendered CSS and markup, the SPA's script and preloads kept as they were inside an inert <template>, and
 * the inline loader that puts them into the head once the page has painted. The static server adds the route's
 * preloads inside the template.
 */
export function appLoaderDocument(indexHtml: string, rendered: RenderedPage): string {
  const { html, template } = withAppScriptsTemplate(indexHtml)
  return withRendered(html, rendered, [...template, `    <script>${APP_LOADER_SCRIPT}</script>`])
}

/**
 * A page of the app prerendered for its first paint: the built index.html, scripts and all, with the rendered CSS
 * and markup. The app's script replaces the markup with its own first render of the same components. The first
 * paint needs no script, so the app's script and preloads are fetched at low priority: at the default (high) the
 * browser, and Lighthouse's simulation of a phone, count them among what the first paint waits for.
 */
export function appPageDocument(indexHtml: string, rendered: RenderedPage): string {
  const lowPriority = indexHtml.replace(
    /<(script type="module"|link rel="modulepreload")( crossorigin)?/g,
    '<$1$2 fetchpriority="low"',
  )
  return withRendered(lowPriority, rendered)
}
