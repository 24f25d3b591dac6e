// The prerendered landing page's only script (decision 0032): the page's markup and CSS were written at build time
// from the React components (src/client/prerender/), so what is left to do here is what the React shell would have
// done on `/` — the page view, the tag manager and the support widget (spec §2) — and the colour-mode toggle. It
// loads no React and no design system; the links are plain links, so 'Entrar' opens /auth as a new page.
import { isSupportWidgetHidden, pageTitle } from './app/paths'
import { createPageViewTracker } from './lib/analytics'
import { driveColorModeToggle } from './lib/color-mode'
import { loadTagManager } from './lib/gtm'
import { loadPublicConfig } from './lib/public-config'
import { setSupportWidgetVisible } from './lib/support-widget'

const { pathname, search } = window.location
createPageViewTracker()(pathname, search, pageTitle(pathname))

const toggle = document.querySelector<HTMLElement>('[data-testid="color-mode-toggle"]')
if (toggle) driveColorModeToggle(toggle)

void loadPublicConfig().then((config) => {
  if (config?.gtmId) loadTagManager(config.gtmId)
  setSupportWidgetVisible(config?.supportWidgetSrc, !isSupportWidgetHidden(pathname))
})
