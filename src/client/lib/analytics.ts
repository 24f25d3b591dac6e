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

/** Pushes a page view unless the same path was the last one pushed (React may run an effect twice). */
export function createPageViewTracker(target?: { dataLayer?: DataLayerEvent[] }) {
  let last: string | undefined
  return (pathname: string, search: string, title: string): boolean => {
    const event = pageViewEvent(pathname, search, title)
    if (event.page_path === last) return false
    last = event.page_path
    pushEvent(event, target)
    return true
  }
}

export function pushSignUp(userId: string, email: string, target?: { dataLayer?: DataLayerEvent[] }): void {
  pushEvent({ event: 'signup', userId, email }, target)
}
