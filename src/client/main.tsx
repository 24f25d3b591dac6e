import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers'
import { getRouter, preloadPrerenderedRoute } from './app/router'
import { getSystem } from './app/theme'
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

/** The rest of the start in a task of its own, so the browser can run others (input, paint) in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The start in several tasks rather than one (decision 0041): the modules' evaluation, then the design system, then
// the router, each a task of tens of milliseconds on a phone instead of one of a few hundred (Lighthouse's total
// blocking time counts what each task lasts beyond 50 ms, issue 17).
void nextTask()
  .then(() => {
    getSystem()
    return nextTask()
  })
  .then(() => {
    const router = getRouter()
    return Promise.resolve(preloaded).then(() => router)
  })
  .then((router) => {
    // The first render as a transition: React renders it in slices, yielding to the browser between them, instead
    // of one task of a few hundred milliseconds on a phone (Lighthouse's total blocking time, issue 17).
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
