import { useEffect } from 'react'
import { creditSummarySchema } from '../../../shared/credits-schemas'
import { toaster } from '../../components/toaster'
import { apiGet } from '../../lib/api-client'
import { registerStoreReset } from '../../lib/store-reset'
import { useStreamEvent } from '../realtime'
import { scheduleCreditRefresh } from './credit-refresh'
import { acceptLiveSummary, readCachedSummary, useCreditsStore, writeCachedSummary } from './credits-store'

registerStoreReset(() => useCreditsStore.getState().reset())

/** Reloads the balance now (after a purchase; the live stream brings it too, this does not wait for it). */
export function refreshCredits() {
  return useCreditsStore
    .getState()
    .load(() => apiGet('/api/credits', creditSummarySchema))
    .then((s) => writeCachedSummary(s))
    .catch((error) => console.error('Error al obtener créditos', error))
}

/**
 * Spec §4 credit sync: the cached summary first, then the latest from the server, then live updates from the
 * stream, each written back; refreshed after 5 minutes and when the tab becomes visible.
 */
export function useCreditsSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return
    const cached = readCachedSummary(userId)
    if (cached) useCreditsStore.getState().setSummary(cached)
    const load = () =>
      useCreditsStore
        .getState()
        .load(() => apiGet('/api/credits', creditSummarySchema))
        .then((s) => {
          writeCachedSummary(s)
          // A failed load with a cached balance keeps the balance and says what went wrong (spec §8).
          const { error } = useCreditsStore.getState()
          if (error)
            toaster.create({
              id: 'credits-error',
              title: 'Error en créditos',
              description: error,
              type: 'error',
            })
        })
        .catch((error) => {
          console.error('Error al obtener créditos', error)
          // Spec §8: a toast for 5 s; the cached balance (if any) stays on screen.
          toaster.create({
            id: 'credits-load-error',
            title: 'Error al cargar créditos',
            description: 'No se pudieron cargar los créditos. Intenta de nuevo más tarde.',
            type: 'error',
            duration: 5000,
          })
        })
    void load()
    return scheduleCreditRefresh(
      () => void load(),
      () => useCreditsStore.getState().needsRefresh(),
    )
  }, [userId])

  useStreamEvent('credits', (event) => {
    if (!userId) return
    const summary = acceptLiveSummary(event.summary, userId)
    if (!summary) return
    useCreditsStore.getState().setSummary(summary)
    writeCachedSummary(summary)
  })
}
