// What the app's shell does on every page, for a page rendered at build time that loads no React (the landing page,
// decision 0032; /auth's form page, decision 0040).
import { isSupportWidgetHidden, pageTitle } from '../app/paths'
import { createPageViewTracker } from './analytics'
import { driveColorModeToggle } from './color-mode'
import { loadTagManager } from './gtm'
import { loadPublicConfig } from './public-config'
import { setSupportWidgetVisible } from './support-widget'

/**
 * The page's title, its page view, the colour-mode toggle, then the tag manager and the support widget as the
 * public config says (spec §2: the widget is never loaded on a page where it must not show, such as /auth).
 */
export function startPrerenderedPage(): void {
  const { pathname, search } = window.location
  const title = pageTitle(pathname)
  document.title = title
  createPageViewTracker()(pathname, search, title)

  const toggle = document.querySelector<HTMLElement>('[data-testid="color-mode-toggle"]')
  if (toggle) driveColorModeToggle(toggle)

  void loadPublicConfig().then((config) => {
    if (config?.gtmId) loadTagManager(config.gtmId)
    setSupportWidgetVisible(config?.supportWidgetSrc, !isSupportWidgetHidden(pathname))
  })
}
