/** Spec §4 feedback on an answer: unset → positive | negative; stored per history id. */
export type FeedbackValue = 'positive' | 'negative'
export type FeedbackState = FeedbackValue | null

export const feedbackStorageKey = (historyId: number | string) => `feedback-${historyId}`

/** Whether a click should be sent: only when it differs from the current rating. */
export function shouldSend(current: FeedbackState, clicked: FeedbackValue): boolean {
  return current !== clicked
}

/** The rating after a send: the clicked one on success; unset when sending failed. */
export function afterSend(clicked: FeedbackValue, ok: boolean): FeedbackState {
  return ok ? clicked : null
}

export function readStoredFeedback(
  historyId: number | string,
  storage: Storage = localStorage,
): FeedbackState {
  try {
    const v = storage.getItem(feedbackStorageKey(historyId))
    return v === 'positive' || v === 'negative' ? v : null
  } catch (error) {
    console.error('No se pudo leer la valoración guardada', error)
    return null
  }
}

export function storeFeedback(
  historyId: number | string,
  value: FeedbackState,
  storage: Storage = localStorage,
): void {
  try {
    if (value) storage.setItem(feedbackStorageKey(historyId), value)
    else storage.removeItem(feedbackStorageKey(historyId))
  } catch (error) {
    console.error('No se pudo guardar la valoración', error)
  }
}

/** Spec §8 toasts after a successful rating. */
export const FEEDBACK_TOASTS: Record<FeedbackValue, { title: string; description: string }> = {
  positive: {
    title: 'Gracias por tu valoración positiva',
    description: 'Nos alegra que la respuesta haya sido útil',
  },
  negative: {
    title: 'Gracias por tu valoración negativa',
    description: 'Trabajaremos en mejorar nuestras respuestas',
  },
}
export const FEEDBACK_ERROR_TOAST = {
  title: 'Error al enviar valoración',
  description: 'No se pudo enviar tu valoración. Por favor, intenta de nuevo.',
}
