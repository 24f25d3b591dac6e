// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

type Auth = { user: { id: string } | null; isLoading: boolean; isSessionReady: boolean }

// The session as the app's auth store hands it over: an external store, read with useSyncExternalStore.
const auth = vi.hoisted(() => {
  let state: Auth = { user: null, isLoading: true, isSessionReady: false }
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set: (next: Auth) => {
      state = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
})
vi.mock('../features/auth/provider', async () => {
  const { useSyncExternalStore } = await import('react')
  return { useAuth: () => useSyncExternalStore(auth.subscribe, auth.get) }
})

const { RequireAuth } = await import('./guard')

afterEach(cleanup)

function renderGuarded(state: Auth) {
  auth.set(state)
  render(
    <MemoryRouter initialEntries={['/chat']}>
      <Routes>
        <Route
          path="/chat"
          element={
            <RequireAuth pending={<p>esperando</p>}>
              <p>el chat</p>
            </RequireAuth>
          }
        />
        <Route path="/auth" element={<p>entrar</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('RequireAuth', () => {
  it('shows the loading state while the session loads, then the page once a user is known', async () => {
    renderGuarded({ user: null, isLoading: true, isSessionReady: false })
    expect(screen.getByText('esperando')).toBeTruthy()
    act(() => auth.set({ user: { id: 'u-1' }, isLoading: false, isSessionReady: true }))
    expect(await screen.findByText('el chat')).toBeTruthy()
    expect(screen.queryByText('esperando')).toBeNull()
  })

  it('sends anyone without a user to /auth', async () => {
    renderGuarded({ user: null, isLoading: true, isSessionReady: false })
    act(() => auth.set({ user: null, isLoading: false, isSessionReady: true }))
    expect(await screen.findByText('entrar')).toBeTruthy()
  })
})
