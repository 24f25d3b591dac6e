import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers'
import { preloadPrerenderedRoute, router } from './app/router'
import { dataLayer } from './lib/analytics'

dataLayer()

const container = document.getElementById('root')!
// A page the build prerendered (decision 0032) stays on screen until the app's first render replaces it whole:
// that render must not suspend on its route's chunks (the page names them as preloads, so this is short).
// (Not a top-level await: with one, the bundler splits the entry into many more chunks, 15 KB brotli heavier.)
const prerendered = container.hasChildNodes()
// A chunk that fails to load here is asked for again by the render, whose error page then says so.
const preloaded = prerendered
  ? preloadPrerenderedRoute(window.location.pathname).catch(() => undefined)
  : null
void Promise.resolve(preloaded).then(() => {
  // The first render as a transition: React renders it in slices, yielding to the browser between them, instead of
  // one task of a few hundred milliseconds on a phone (Lighthouse's total blocking time, issue 17).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    )
  })
})
