import { QueryClient } from '@tanstack/react-query'
import { registerStoreReset } from '../lib/store-reset'

/** Server state of the signed-in features (agents, credits, plans, …). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
})

// Server state belongs to the signed-in user: a change of user drops it.
registerStoreReset(() => {
  queryClient.clear()
})
