import { registerStoreReset } from '../../lib/store-reset'
import { createStreamClient } from './stream-client'

/** The tab's one realtime connection; every `useStreamEvent` shares it. */
export const realtimeStream = createStreamClient()

// Sign-out and a change of user reset the stores: the old user's stream closes with them.
registerStoreReset(() => realtimeStream.setUser(null))
