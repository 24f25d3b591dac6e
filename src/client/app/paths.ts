import { PRODUCT_NAME } from '../../shared/brand'

/** Route paths of spec §2. */
export const PATHS = {
  landing: '/',
  auth: '/auth',
  authCallback: '/auth/callback',
  chat: '/chat',
  protectedChat: '/protected/chat',
  protectedHelp: '/protected/help',
  help: '/help',
  pdfViewer: '/protected/pdf_viewer',
  admin: '/admin',
} as const

/** '/chat/' and '/chat' are the same page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** True for `prefix` itself and anything below it ('/auth', '/auth/callback'; not '/authors'). */
function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** Full-screen pages have no public header (spec §2): the auth area, the chat pages, /help and all of /protected. */
export function isFullScreenPath(pathname: string): boolean {
  const path = normalizePath(pathname)
  return (
    within(path, '/auth') ||
    within(path, '/protected') ||
    path === PATHS.chat ||
    path === PATHS.help ||
    path === PATHS.admin
  )
}

/** The two routes of the chat page (spec §2). */
export function isChatPath(pathname: string): boolean {
  const path = normalizePath(pathname)
  return path === PATHS.chat || path === PATHS.protectedChat
}

export function showsPublicHeader(pathname: string): boolean {
  return !isFullScreenPath(pathname)
}

/** The support chat widget is hidden under /protected and /auth, and on /chat and /help (spec §2). */
export function isSupportWidgetHidden(pathname: string): boolean {
  const path = normalizePath(pathname)
  return (
    within(path, '/protected') ||
    within(path, '/auth') ||
    path === PATHS.chat ||
    path === PATHS.help ||
    path === PATHS.admin
  )
}

const TITLES: Record<string, string> = {
  [PATHS.auth]: 'Iniciar sesión',
  [PATHS.authCallback]: 'Confirmando tu correo',
  [PATHS.chat]: 'Chat',
  [PATHS.protectedChat]: 'Chat',
  [PATHS.protectedHelp]: 'Ayuda',
  [PATHS.help]: 'Ayuda',
  [PATHS.pdfViewer]: 'Documento original',
  [PATHS.admin]: 'Consola de administración',
}

/** Document title of a page, also the page_title of its page view. */
export function pageTitle(pathname: string): string {
  const path = normalizePath(pathname)
  if (path === PATHS.landing) return `${PRODUCT_NAME} — Asesor legal`
  const title = TITLES[path] ?? 'Página no encontrada'
  return `${title} · ${PRODUCT_NAME}`
}
