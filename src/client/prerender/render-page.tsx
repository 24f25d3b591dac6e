import { ChakraProvider } from '@chakra-ui/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppShell } from '../app/shell'
import { getSystem } from '../app/theme'

/**
 * One of Emotion's server-rendered style elements: `data-emotion` is `css-global <name>` for a global style (the
 * client's `<Global>` of that name takes it over) or `css <name> <name>…` for the classes, which the client's
 * Emotion cache counts as inserted when it starts.
 */
export type EmotionStyle = { emotion: string; css: string }

/** A page as the app renders it: its markup, and the CSS Chakra (Emotion) wrote for it. */
export type RenderedPage = { markup: string; styles: EmotionStyle[] }

const EMOTION_KEY = 'css'

/** A cache that keeps each rule instead of writing <style> tags among the elements (compat mode). */
function collectingCache() {
  const cache = createCache({ key: EMOTION_KEY })
  cache.compat = true
  return cache
}

const insertedRules = (cache: ReturnType<typeof createCache>) =>
  Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string')

let globalNames: Set<string> | undefined
/**
 * The names of Chakra's global styles (its layer order, the reset, the token variables): all it renders alone. The
 * same for every page of a build: rendered once.
 */
function globalStyleNames(): Set<string> {
  if (globalNames) return globalNames
  const cache = collectingCache()
  renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()}>{null}</ChakraProvider>
    </CacheProvider>,
  )
  globalNames = new Set(insertedRules(cache).map(([name]) => name))
  return globalNames
}

/**
 * The rules a render inserted, as Emotion's own server rendering writes them (decision 0036): the global styles
 * first, each in its element, then the classes in one. The app's Emotion then inserts none of them again, which
 * was most of its first commit: a page's classes and Chakra's global styles put through its CSS compiler.
 */
function emotionStyles(cache: ReturnType<typeof createCache>): EmotionStyle[] {
  const globals = globalStyleNames()
  // Each name goes into a data-emotion attribute, checked where the page is written (landing-document.ts).
  const rules = insertedRules(cache)
  const classes = rules.filter(([name]) => !globals.has(name))
  return [
    ...rules
      .filter(([name]) => globals.has(name))
      .map(([name, css]) => ({ emotion: `${EMOTION_KEY}-global ${name}`, css })),
    {
      emotion: [EMOTION_KEY, ...classes.map(([name]) => name)].join(' '),
      css: classes.map(([, css]) => css).join(''),
    },
  ]
}

/**
 * Renders a page inside the app's shell (`AppShell`, as the router renders every page) to HTML, at build time, for
 * the location given. Emotion's cache in compat mode keeps each rule it would have inserted (Chakra's reset, token
 * variables and global styles first, then every component's class) instead of writing <style> tags among the
 * elements, so the CSS goes whole into the page's head. No colour-mode provider: the CSS holds both modes, switched
 * by <html>'s class.
 */
export async function renderPage(url: string, page: ReactElement): Promise<RenderedPage> {
  const cache = collectingCache()
  const { pathname } = new URL(url)
  const child = pathname === '/' ? { index: true, element: page } : { path: pathname, element: page }
  const routes = [{ path: '/', element: <AppShell />, children: [child] }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url} respondió ${context.status} al prerenderizarla`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const markup = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChakraProvider>
    </CacheProvider>,
  )
  return { markup, styles: emotionStyles(cache) }
}
