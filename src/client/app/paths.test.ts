import { describe, expect, it } from 'vitest'
import { isFullScreenPath, isSupportWidgetHidden, pageTitle, showsPublicHeader } from './paths'

describe('public header', () => {
  it.each([
    '/auth',
    '/auth/',
    '/auth/callback',
    '/chat',
    '/protected/chat',
    '/protected/pdf_viewer',
    '/protected/help',
    '/protected/anything/else',
    '/help',
  ])('is hidden on the full-screen page %s', (path) => {
    expect(isFullScreenPath(path)).toBe(true)
    expect(showsPublicHeader(path)).toBe(false)
  })

  it.each(['/', '/no-existe', '/authors', '/chats', '/helpdesk', '/protectedx'])('shows on %s', (path) => {
    expect(showsPublicHeader(path)).toBe(true)
  })
})

describe('support widget', () => {
  it.each([
    '/protected',
    '/protected/chat',
    '/protected/pdf_viewer',
    '/auth',
    '/auth/callback',
    '/chat',
    '/chat/',
    '/help',
  ])('is hidden on %s', (path) => {
    expect(isSupportWidgetHidden(path)).toBe(true)
  })

  it.each(['/', '/no-existe', '/authors'])('may show on %s', (path) => {
    expect(isSupportWidgetHidden(path)).toBe(false)
  })
})

describe('pageTitle', () => {
  it('names each page with the product', () => {
    expect(pageTitle('/')).toBe('Lexia — Asesor legal')
    expect(pageTitle('/auth')).toBe('Iniciar sesión · Lexia')
    expect(pageTitle('/protected/chat/')).toBe('Chat · Lexia')
    expect(pageTitle('/x')).toBe('Página no encontrada · Lexia')
  })
})
