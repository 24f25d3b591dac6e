import { dataLayer } from './analytics'

const GTM_ID = /^GTM-[A-Z0-9]+$/

/** Runs `task` once the page is interactive: after 'load', then when the browser is idle. */
export function whenInteractive(task: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
    else setTimeout(task, 1)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

let loadedId: string | undefined

/** Loads Google Tag Manager once, after the page is interactive (spec §2). */
export function loadTagManager(gtmId: string): void {
  if (loadedId || !GTM_ID.test(gtmId)) return
  loadedId = gtmId
  whenInteractive(() => {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    const script = document.createElement('script')
    script.async = true
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`
    script.dataset.testid = 'gtm-script'
    document.head.appendChild(script)
  })
}
