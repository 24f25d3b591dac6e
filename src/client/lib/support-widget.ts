/**
 * The support chat widget (spec §2): a third-party script given by the server config. It is loaded on the
 * first page where it may show and hidden, never loaded, on the pages where it must not show.
 *
 * A widget draws its own elements straight into <body>. We keep the body-level elements that appear after its
 * script is injected and that React did not create (React portals carry a fiber key), and hide exactly those.
 */
const HIDDEN_ATTR = 'data-support-widget-hidden'
const NON_VISUAL = new Set(['SCRIPT', 'STYLE', 'LINK', 'NOSCRIPT', 'TEMPLATE', 'META'])

let injectedSrc: string | undefined
const widgetNodes = new Set<HTMLElement>()
let visible = false

function createdByReact(element: Element): boolean {
  return Object.keys(element).some(
    (key) => key.startsWith('__reactFiber') || key.startsWith('__reactContainer'),
  )
}

function applyVisibility(element: HTMLElement): void {
  if (visible) {
    if (element.hasAttribute(HIDDEN_ATTR)) {
      element.style.removeProperty('display')
      element.removeAttribute(HIDDEN_ATTR)
    }
  } else {
    element.style.setProperty('display', 'none', 'important')
    element.setAttribute(HIDDEN_ATTR, '')
  }
}

function trackWidgetNodes(): void {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || NON_VISUAL.has(node.tagName) || node.id === 'root') continue
        if (createdByReact(node)) continue
        widgetNodes.add(node)
        applyVisibility(node)
      }
      for (const node of record.removedNodes) if (node instanceof HTMLElement) widgetNodes.delete(node)
    }
  })
  observer.observe(document.body, { childList: true })
}

function inject(src: string): void {
  injectedSrc = src
  trackWidgetNodes()
  const script = document.createElement('script')
  script.src = src
  script.async = true
  script.dataset.supportWidget = ''
  document.body.appendChild(script)
}

/** Shows the widget (loading it the first time) or hides it; a no-op without a widget configured. */
export function setSupportWidgetVisible(src: string | null | undefined, show: boolean): void {
  if (!src) return
  visible = show
  document.documentElement.dataset.supportWidget = show ? 'visible' : 'hidden'
  if (show && injectedSrc === undefined) inject(src)
  for (const node of widgetNodes) applyVisibility(node)
  window.dispatchEvent(new CustomEvent('support-widget-visibility', { detail: { visible: show } }))
}
