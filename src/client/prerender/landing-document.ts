import type { RenderedPage } from './render-page'

/** The part of Vite's build manifest read here (vite.config.ts: `build.manifest`, the `landing` input). */
export type BuiltManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>

/** The landing page's script, as vite.config.ts names its input (relative to src/client). */
export const LANDING_SCRIPT = 'landing-main.ts'

/** The file the landing script was built to, then the chunks it imports, in load order. */
export function landingScriptFiles(manifest: BuiltManifest): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const walk = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) walk(imported)
  }
  walk(LANDING_SCRIPT)
  if (files.length === 0)
    throw new Error(`el manifiesto de Vite no tiene ${LANDING_SCRIPT}: ¿vite.config.ts?`)
  return files
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
  const withoutSpa = indexHtml
    .replace(/^[ \t]*<script type="module"[^>]*\bsrc="[^"]+"[^>]*><\/script>\n?/gm, '')
    .replace(/^[ \t]*<link rel="modulepreload"[^>]*>\n?/gm, '')
  if (/<script type="module"|rel="modulepreload"/.test(withoutSpa))
    throw new Error('index.html tiene un script o precarga que la portada no sabe quitar')
  const [entry, ...chunks] = scriptFiles
  return withRendered(withoutSpa, rendered, [
    `    <script type="module" crossorigin src="/${entry}"></script>`,
    ...chunks.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
  ])
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
