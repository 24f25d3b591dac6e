import { ChakraProvider } from '@chakra-ui/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppShell } from '../app/shell'
import { system } from '../app/theme'

/** A page as the app renders it: its markup, and the CSS Chakra (Emotion) wrote for it. */
export type RenderedPage = { markup: string; css: string }

/**
 * Renders a page inside the app's shell (`AppShell`, as the router renders every page) to HTML, at build time, for
 * the location given. Emotion's cache in compat mode keeps each rule it would have inserted (Chakra's reset, token
 * variables and global styles first, then every component's class) instead of writing <style> tags among the
 * elements, so the CSS goes whole into the page's head. No colour-mode provider: the CSS holds both modes, switched
 * by <html>'s class.
 */
export async function renderPage(url: string, page: ReactElement): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' })
  cache.compat = true
  const { pathname } = new URL(url)
  const child = pathname === '/' ? { index: true, element: page } : { path: pathname, element: page }
  const routes = [{ path: '/', element: <AppShell />, children: [child] }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url} respondió ${context.status} al prerenderizarla`)
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
