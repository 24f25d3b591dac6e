/**
 * The landing page rendered at build time (decision 0032): the build writes it under this name beside the SPA's
 * index.html (src/client/prerender/), and the static server sends it for `/` (src/server/http/static.ts).
 */
export const LANDING_PAGE_FILE = 'landing.html'
