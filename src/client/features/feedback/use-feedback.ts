import { useState } from 'react'
import { feedbackResponseSchema } from '../../../shared/feedback-schemas'
import { toaster } from '../../components/toaster'
import { apiPost } from '../../lib/api-client'
import {
  afterSend,
  FEEDBACK_ERROR_TOAST,
  FEEDBACK_TOASTS,
  type FeedbackState,
  type FeedbackValue,
  readStoredFeedback,
  shouldSend,
  storeFeedback,
} from './feedback-machine'

/** Spec §4 feedback on one answer: sent only when it changes, reset to unset when sending fails. */
export function useFeedback(historyId: number, sessionId: string) {
  const [value, setValue] = useState<FeedbackState>(() => readStoredFeedback(historyId))
  const [sending, setSending] = useState(false)
  const rate = async (clicked: FeedbackValue) => {
    if (sending || !shouldSend(value, clicked)) return
    setValue(clicked)
    setSending(true)
    let ok = false
    try {
      await apiPost(
        '/api/feedback',
        { history_id: historyId, session_id: sessionId, feedback_value: clicked },
        feedbackResponseSchema,
      )
      ok = true
    } catch (error) {
      console.error('Error en envío de feedback', error)
    }
    const next = afterSend(clicked, ok)
    setValue(next)
    storeFeedback(historyId, next)
    setSending(false)
    toaster.create(
      ok ? { ...FEEDBACK_TOASTS[clicked], type: 'success' } : { ...FEEDBACK_ERROR_TOAST, type: 'error' },
    )
  }
  return { value, rate, sending }
}
