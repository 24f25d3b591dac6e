import { type ComponentType, lazy } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import LandingPage from '../pages/landing'
import NotFoundPage from '../pages/not-found'
import { isChatPath } from './paths'
import { RouteError } from './route-error'
import { AppShell } from './shell'

type PageModule = { default: ComponentType }

/**
 * A lazy page whose module can be loaded before the first render. Once loaded, its factory hands React a thenable
 * that has already resolved (React reads it at once), so the first render does not suspend: over a page the build
 * prerendered (decision 0032), a suspended first render would draw its Suspense spinner over the prerendered card.
 */
function preloadableLazy(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined
  const resolved = (module: PageModule) =>
    ({
      // biome-ignore lint/suspicious/noThenProperty: the point is a thenable React reads synchronously.
      then: (onFulfilled: (m: PageModule) => void) => onFulfilled(module),
    }) as unknown as Promise<PageModule>
  return {
    Component: lazy(() => (loaded ? resolved(loaded) : load())),
    preload: async () => {
      loaded = await load()
    },
  }
}

// Every page but the landing is its own chunk: the landing page loads no auth, chat or form code.
const authArea = preloadableLazy(() => import('./auth-area'))
const authPage = preloadableLazy(() => import('../pages/auth'))
const AuthArea = authArea.Component
const guardedArea = preloadableLazy(() => import('./guarded-area'))
const GuardedArea = guardedArea.Component
const AuthPage = authPage.Component
const AuthCallbackPage = lazy(() => import('../pages/auth-callback'))
const chatPage = preloadableLazy(() => import('../pages/chat'))
const ChatPage = chatPage.Component
const HelpPage = lazy(() => import('../pages/help'))
const PdfViewerPage = lazy(() => import('../pages/pdf-viewer'))
// The operator console: its own chunk, fetched only by an admin who opens /admin.
const AdminPage = lazy(() => import('../pages/admin'))

/** Routes of spec §2. The auth area shares one session provider; the guarded area waits for the session. */
const routes = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <AuthArea />,
        children: [
          { path: 'auth', element: <AuthPage /> },
          { path: 'auth/callback', element: <AuthCallbackPage /> },
          {
            element: <GuardedArea />,
            children: [
              { path: 'chat', element: <ChatPage /> },
              { path: 'help', element: <HelpPage /> },
              { path: 'admin', element: <AdminPage /> },
              { path: 'protected/chat', element: <ChatPage /> },
              { path: 'protected/help', element: <HelpPage /> },
              { path: 'protected/pdf_viewer', element: <PdfViewerPage /> },
              { path: 'protected/*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
] satisfies RouteObject[]

let router: ReturnType<typeof createBrowserRouter> | undefined

/** The app's router, made at its first use: `main.tsx` gives its making a task of its own (decision 0041). */
export function getRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes)
  return router
}

/** The modules a prerendered page's route renders, loaded before the app's first render draws over it. */
export function preloadPrerenderedRoute(pathname: string): Promise<unknown> {
  if (pathname === '/auth' || pathname === '/auth/')
    return Promise.all([authArea.preload(), authPage.preload()])
  // The guarded area draws the chat's loading state (decision 0036); the page itself, loaded too, then follows it
  // without its Suspense fallback in between.
  if (isChatPath(pathname))
    return Promise.all([authArea.preload(), guardedArea.preload(), chatPage.preload()])
  return Promise.resolve()
}
