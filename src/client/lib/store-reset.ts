/**
 * Registry of the resets of the shared client stores (credits, chat sessions, …). Auth calls `resetAllStores`
 * when the signed-in user changes and on sign-out, so no data of one user survives into another's session.
 */
type Reset = () => void

const resets = new Set<Reset>()

/** Registers a store's reset; returns a function that unregisters it. */
export function registerStoreReset(reset: Reset): () => void {
  resets.add(reset)
  return () => {
    resets.delete(reset)
  }
}

/** Runs every registered reset; one failing reset does not stop the others. */
export function resetAllStores(): void {
  for (const reset of [...resets]) {
    try {
      reset()
    } catch (error) {
      console.error('Error al reiniciar un store', error)
    }
  }
}
