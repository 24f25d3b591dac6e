/** The tag manager's data layer (spec §2: page views, sign-up, purchases). */
export type DataLayerEvent = Record<string, unknown> & { event?: string }

declare global {
  interface Window {
    dataLayer: DataLayerEvent[]
  }
}

/** The data layer, created when missing; index.html also creates it before any script runs. */
export function dataLayer(target: { dataLayer?: DataLayerEvent[] } = window): DataLayerEvent[] {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = []
  return target.dataLayer
}

export function pushEvent(event: DataLayerEvent, target?: { dataLayer?: DataLayerEvent[] }): void {
  dataLayer(target).push(event)
}

/** Query parameters that carry secrets (reset and confirmation tokens) never reach the tag manager. */
const SECRET_PARAMS = ['token', 'code', 'access_token', 'refresh_token']

/** The path reported for a location: pathname plus query, without secret parameters. */
export function pagePath(pathname: string, search = ''): string {
  const params = new URLSearchParams(search)
  for (const name of SECRET_PARAMS) params.delete(name)
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

export type PageViewEvent = { event: 'page_view'; page_path: string; page_title: string }

export function pageViewEvent(pathname: string, search: string, title: string): PageViewEvent {
  return { event: 'page_view', page_path: pagePath(pathname, search), page_title: title }
}

/** The path of the last page view in the data layer, if any. */
function lastPageViewPath(target?: { dataLayer?: DataLayerEvent[] }): string | undefined {
  const last = dataLayer(target).findLast((e) => e.event === 'page_view')
  return typeof last?.page_path === 'string' ? last.page_path : undefined
}

/**
 * Pushes a page view unless the same path was the last one pushed (React may run an effect twice). Before its first
 * push it goes by the data layer: the app started over the prerendered /auth form page (decision 0040), whose own
 * script already pushed this page's view, pushes none again.
 */
export function createPageViewTracker(target?: { dataLayer?: DataLayerEvent[] }) {
  let last: string | undefined
  let first = true
  return (pathname: string, search: string, title: string): boolean => {
    const event = pageViewEvent(pathname, search, title)
    if (first) last = lastPageViewPath(target)
    first = false
    if (event.page_path === last) return false
    last = event.page_path
    pushEvent(event, target)
    return true
  }
}

export function pushSignUp(userId: string, email: string, target?: { dataLayer?: DataLayerEvent[] }): void {
  pushEvent({ event: 'signup', userId, email }, target)
}
