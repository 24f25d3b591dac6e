import { ChakraProvider } from '@chakra-ui/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppShell } from '../app/shell'
import { system } from '../app/theme'
import LandingPage from '../pages/landing'

/** The landing page as the app renders it at `/`: its markup, and the CSS Chakra (Emotion) wrote for it. */
export type RenderedLanding = { markup: string; css: string }

/**
 * Renders the app's shell and landing page (the same components the router renders at `/`) to HTML, at build
 * time. Emotion's cache in compat mode keeps each rule it would have inserted (Chakra's reset, token variables and
 * global styles first, then every component's class) instead of writing <style> tags among the elements, so the CSS
 * goes whole into the page's head. No colour-mode provider: the CSS holds both modes, switched by <html>'s class.
 */
export async function renderLanding(): Promise<RenderedLanding> {
  const cache = createCache({ key: 'css' })
  cache.compat = true
  const routes = [{ path: '/', element: <AppShell />, children: [{ index: true, element: <LandingPage /> }] }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response)
    throw new Error(`la portada respondió ${context.status} al prerenderizarla`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const markup = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChakraProvider>
    </CacheProvider>,
  )
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('')
  return { markup, css }
}
