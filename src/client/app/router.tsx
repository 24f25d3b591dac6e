import { lazy } from 'react'
import { createBrowserRouter } from 'react-router'
import LandingPage from '../pages/landing'
import NotFoundPage from '../pages/not-found'
import { RouteError } from './route-error'
import { AppShell } from './shell'

// Every page but the landing is its own chunk: the landing page loads no auth, chat or form code.
const AuthArea = lazy(() => import('./auth-area'))
const GuardedArea = lazy(() => import('./guarded-area'))
const AuthPage = lazy(() => import('../pages/auth'))
const AuthCallbackPage = lazy(() => import('../pages/auth-callback'))
const ChatPage = lazy(() => import('../pages/chat'))
const HelpPage = lazy(() => import('../pages/help'))
const PdfViewerPage = lazy(() => import('../pages/pdf-viewer'))
// The operator console: its own chunk, fetched only by an admin who opens /admin.
const AdminPage = lazy(() => import('../pages/admin'))

/** Routes of spec §2. The auth area shares one session provider; the guarded area waits for the session. */
export const router = createBrowserRouter([
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
])
