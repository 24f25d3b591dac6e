// The script of /auth's form page, served to a visitor without a session cookie (decision 0040). The page is the
// app's own sign-in (or sign-up) tab rendered at build time, usable as it is: its fields take typing without any
// script. What this does: the title, the page view and the tag manager (as the app's shell would), the colour-mode
// toggle, and the app itself, started at the person's first interaction, not before: its start (the design system,
// the router, the first render) is several hundred milliseconds of a phone's main thread that the page does not need
// until then. Its files are fetched ahead, once the page has painted and the browser is idle, so the start is only
// their run. The form is watched meanwhile (lib/prerendered-form.ts): what is typed, the focus, a submit and a tab
// chosen carry over into the app's form when it draws over this one.
import { APP_SCRIPTS_TEMPLATE_ID } from '../shared/prerendered-pages'
import { watchPrerenderedForm } from './lib/prerendered-form'
import { startPrerenderedPage } from './lib/prerendered-page'

// The title, the page view, the toggle and the tag manager; the support widget does not show on /auth (spec §2).
startPrerenderedPage()

const appScripts = document.getElementById(APP_SCRIPTS_TEMPLATE_ID) as HTMLTemplateElement | null

/** What counts as the first interaction: a field focused (by pointer, keyboard or a screen reader), a tap, a key. */
const INTERACTIONS = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const

/** The app's script and preloads, as the SPA's page has them, into the head: the app starts and draws over the page. */
function startApp(): void {
  if (!appScripts?.isConnected) return
  appScripts.remove()
  document.head.append(document.importNode(appScripts.content, true))
  for (const type of INTERACTIONS) document.removeEventListener(type, startApp, true)
}

for (const type of INTERACTIONS) document.addEventListener(type, startApp, { capture: true, passive: true })

const root = document.getElementById('root')
if (root) watchPrerenderedForm(root, startApp)

/**
 * The app's files into the HTTP cache, not run: after the first paint (fetched before it, a simulated slow phone
 * counts them as what the paint waited for) and once the page is loaded and the browser idle.
 */
function prefetchApp(): void {
  if (!appScripts?.isConnected) return
  const urls = [...appScripts.content.querySelectorAll('script[src], link[rel="modulepreload"][href]')].map(
    (element) => element.getAttribute('src') ?? element.getAttribute('href'),
  )
  for (const url of urls) {
    if (!url) continue
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = url
    // As the module scripts are fetched (CORS, same-origin credentials), so the cache entry serves them.
    link.crossOrigin = 'anonymous'
    document.head.append(link)
  }
}

const painted = new Promise<void>((resolve) => {
  const observer = new PerformanceObserver(() => {
    observer.disconnect()
    resolve()
  })
  observer.observe({ type: 'paint', buffered: true })
})
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve()
  else window.addEventListener('load', () => resolve(), { once: true })
})
void Promise.all([painted, loaded]).then(() => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(prefetchApp, { timeout: 3000 })
  else setTimeout(prefetchApp, 500)
})
