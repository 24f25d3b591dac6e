import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from './app/providers'
import { router } from './app/router'
import { dataLayer } from './lib/analytics'

dataLayer()

// The first render as a transition: React renders it in slices, yielding to the browser between them, instead of
// one task of a few hundred milliseconds on a phone (Lighthouse's total blocking time, issue 17).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
})
