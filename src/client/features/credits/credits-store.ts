import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { type CreditSummary, creditSummarySchema } from '../../../shared/credits-schemas'

/** Spec §4 credits store, persisted under 'user-credits-storage'. */
export const CREDITS_STORAGE_KEY = 'user-credits-storage'
export const CREDITS_REFRESH_MS = 300_000

export const zeroSummary = (userId = ''): CreditSummary => ({
  remaining_credits: 0,
  total_credits: 0,
  messages_sent: 0,
  updated_at: new Date(0).toISOString(),
  user_id: userId,
})

type CreditsState = {
  userCredits: CreditSummary | null
  credits: number
  remaining_credits: number
  /** id → credits per agent, for the affordability rule. */
  agentCache: Record<string, number>
  isLoading: boolean
  error: string | null
  lastLoadedAt: number
  /** Loads through `fetcher`; see spec §4 for what a running or failed load returns. */
  load: (fetcher: () => Promise<CreditSummary | null>) => Promise<CreditSummary>
  setSummary: (summary: CreditSummary) => void
  deduct: (amount: number) => void
  add: (amount: number) => void
  cacheAgents: (agents: { id: string; credits: number }[]) => void
  canAfford: (agentId?: string | null) => boolean
  needsRefresh: (now?: number) => boolean
  reset: () => void
}

const empty = {
  userCredits: null,
  credits: 0,
  remaining_credits: 0,
  agentCache: {},
  isLoading: false,
  error: null,
  lastLoadedAt: 0,
}

export function createCreditsStore(storage?: () => Storage) {
  return create<CreditsState>()(
    persist(
      (set, get) => ({
        ...empty,
        async load(fetcher) {
          const cached = get().userCredits
          if (get().isLoading) return cached ?? zeroSummary()
          set({ isLoading: true, error: null })
          try {
            let summary = await fetcher()
            if (!summary) {
              console.warn('Sin fila de créditos: se usan ceros')
              summary = zeroSummary()
            }
            get().setSummary(summary)
            set({ isLoading: false, lastLoadedAt: Date.now() })
            return summary
          } catch (error) {
            const message =
              error instanceof Error && error.message ? error.message : 'Error desconocido al cargar créditos'
            set({ isLoading: false, error: message })
            if (cached) return cached
            throw error
          }
        },
        setSummary(summary) {
          set({
            userCredits: summary,
            credits: summary.remaining_credits,
            remaining_credits: summary.remaining_credits,
          })
        },
        deduct(amount) {
          if (!(amount > 0)) throw new Error('La cantidad a deducir debe ser mayor que cero')
          const current = get().userCredits ?? zeroSummary()
          if (amount > current.remaining_credits) {
            console.warn('Se descuentan más créditos de los disponibles', {
              amount,
              remaining: current.remaining_credits,
            })
          }
          get().setSummary({
            ...current,
            remaining_credits: Math.max(0, current.remaining_credits - amount),
            messages_sent: current.messages_sent + 1,
            updated_at: new Date().toISOString(),
          })
        },
        add(amount) {
          if (!(amount > 0)) throw new Error('La cantidad a añadir debe ser mayor que cero')
          const current = get().userCredits ?? zeroSummary()
          get().setSummary({
            ...current,
            remaining_credits: current.remaining_credits + amount,
            total_credits: current.total_credits + amount,
            updated_at: new Date().toISOString(),
          })
        },
        cacheAgents(agents) {
          set({ agentCache: Object.fromEntries(agents.map((a) => [a.id, a.credits])) })
        },
        canAfford(agentId) {
          // Spec §5: affordable when no agent is given, it is not cached, or the balance covers its cost.
          if (!agentId) return true
          const cost = get().agentCache[agentId]
          return cost === undefined || get().remaining_credits >= cost
        },
        needsRefresh(now = Date.now()) {
          return now - get().lastLoadedAt > CREDITS_REFRESH_MS
        },
        reset() {
          set({ ...empty })
        },
      }),
      {
        name: CREDITS_STORAGE_KEY,
        storage: createJSONStorage(storage ?? (() => localStorage)),
        partialize: (s) => ({
          userCredits: s.userCredits,
          credits: s.credits,
          remaining_credits: s.remaining_credits,
          agentCache: s.agentCache,
        }),
      },
    ),
  )
}

export const useCreditsStore = createCreditsStore()

/** Spec §4 credit sync: the cached summary of one user, under a fixed prefix plus the user id. */
export const CREDIT_SYNC_PREFIX = 'lexia-credit-summary-'

export function readCachedSummary(userId: string, storage: Storage = localStorage): CreditSummary | null {
  try {
    const raw = storage.getItem(`${CREDIT_SYNC_PREFIX}${userId}`)
    if (!raw) return null
    const parsed = creditSummarySchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.user_id === userId ? parsed.data : null
  } catch (error) {
    console.error('No se pudo leer el saldo guardado', error)
    return null
  }
}

export function writeCachedSummary(summary: CreditSummary, storage: Storage = localStorage): void {
  try {
    storage.setItem(`${CREDIT_SYNC_PREFIX}${summary.user_id}`, JSON.stringify(summary))
  } catch (error) {
    console.error('No se pudo guardar el saldo', error)
  }
}

/**
 * A live row is applied only with the spec §5 field types (numbers for the counters, strings for updated_at and
 * user_id) and only for the signed-in user; anything else is ignored with a warning.
 */
export function acceptLiveSummary(row: unknown, userId: string): CreditSummary | null {
  const parsed = creditSummarySchema.safeParse(row)
  if (!parsed.success || parsed.data.user_id !== userId) {
    console.warn('Actualización de créditos ignorada: fila con formato inesperado')
    return null
  }
  return parsed.data
}
