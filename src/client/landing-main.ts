// The prerendered landing page's only script (decision 0032): the page's markup and CSS were written at build time
// from the React components (src/client/prerender/), so what is left to do here is what the React shell would have
// done on `/` — the page view, the tag manager and the support widget (spec §2) — and the colour-mode toggle. It
// loads no React and no design system; the links are plain links, so 'Entrar' opens /auth as a new page.
import { startPrerenderedPage } from './lib/prerendered-page'

startPrerenderedPage()
