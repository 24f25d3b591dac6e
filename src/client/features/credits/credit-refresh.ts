/** How often the tab checks whether its balance is older than the refresh interval (spec §9: 300000 ms). */
export const CREDITS_CHECK_EVERY_MS = 30_000

type VisibilitySource = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>

/**
 * Spec §4: the credits reload when the last load is more than five minutes old and whenever the tab becomes
 * visible again. Returns the function that stops both.
 */
export function scheduleCreditRefresh(
  load: () => void,
  needsRefresh: () => boolean,
  doc: VisibilitySource = document,
): () => void {
  const onVisible = () => {
    if (doc.visibilityState === 'visible') load()
  }
  const timer = setInterval(() => {
    if (needsRefresh()) load()
  }, CREDITS_CHECK_EVERY_MS)
  doc.addEventListener('visibilitychange', onVisible)
  return () => {
    clearInterval(timer)
    doc.removeEventListener('visibilitychange', onVisible)
  }
}
