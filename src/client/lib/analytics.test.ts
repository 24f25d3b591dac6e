import { describe, expect, it } from 'vitest'
import {
  createPageViewTracker,
  type DataLayerEvent,
  dataLayer,
  pagePath,
  pageViewEvent,
  pushSignUp,
} from './analytics'

describe('page views', () => {
  it('builds the page_view event', () => {
    expect(pageViewEvent('/auth', '', 'Iniciar sesión · Lexia')).toEqual({
      event: 'page_view',
      page_path: '/auth',
      page_title: 'Iniciar sesión · Lexia',
    })
  })

  it('keeps the query but never a token', () => {
    expect(pagePath('/auth', '?type=update-password&token=SECRET')).toBe('/auth?type=update-password')
    expect(pagePath('/auth/callback', '?token=SECRET')).toBe('/auth/callback')
    expect(pagePath('/protected/pdf_viewer', '?file=a.pdf&page=3')).toBe(
      '/protected/pdf_viewer?file=a.pdf&page=3',
    )
  })

  it('pushes one event per route change, not twice for the same route', () => {
    const target: { dataLayer?: DataLayerEvent[] } = {}
    const track = createPageViewTracker(target)
    expect(track('/', '', 'Inicio')).toBe(true)
    expect(track('/', '', 'Inicio')).toBe(false)
    expect(track('/auth', '', 'Entrar')).toBe(true)
    expect(track('/', '', 'Inicio')).toBe(true)
    expect(target.dataLayer).toEqual([
      { event: 'page_view', page_path: '/', page_title: 'Inicio' },
      { event: 'page_view', page_path: '/auth', page_title: 'Entrar' },
      { event: 'page_view', page_path: '/', page_title: 'Inicio' },
    ])
  })

  it('pushes no second view of a page whose own script pushed it (the app started over it, decision 0040)', () => {
    const target: { dataLayer?: DataLayerEvent[] } = {}
    createPageViewTracker(target)('/auth', '?type=sign-up', 'Iniciar sesión')
    const app = createPageViewTracker(target)
    expect(app('/auth', '?type=sign-up', 'Iniciar sesión')).toBe(false)
    expect(app('/', '', 'Inicio')).toBe(true)
    expect(app('/auth', '', 'Iniciar sesión')).toBe(true)
    expect(target.dataLayer?.map((e) => e.page_path)).toEqual(['/auth?type=sign-up', '/', '/auth'])
  })

  it('creates the data layer when missing and keeps an existing one', () => {
    const existing: DataLayerEvent[] = [{ event: 'gtm.js' }]
    const target = { dataLayer: existing }
    expect(dataLayer(target)).toBe(existing)
    const empty: { dataLayer?: DataLayerEvent[] } = {}
    expect(dataLayer(empty)).toEqual([])
    expect(Array.isArray(empty.dataLayer)).toBe(true)
  })
})

describe('sign-up event', () => {
  it('pushes the user id and e-mail', () => {
    const target: { dataLayer?: DataLayerEvent[] } = {}
    pushSignUp('u1', 'ana@example.pe', target)
    expect(target.dataLayer).toEqual([{ event: 'signup', userId: 'u1', email: 'ana@example.pe' }])
  })
})
