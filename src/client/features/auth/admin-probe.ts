import { useEffect, useState } from 'react'

// One answer per account for the page's life: the menu opens many times, the role rarely changes.
const answers = new Map<string, Promise<boolean>>()

function askServer(userId: string): Promise<boolean> {
  let answer = answers.get(userId)
  if (!answer) {
    answer = fetch('/api/admin/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => res.ok)
      .catch(() => false)
    answers.set(userId, answer)
  }
  return answer
}

/**
 * Whether to show the console's link: asked of the server (GET /api/admin/me answers 200 only to an admin) the
 * first time the user menu opens, not at every page load, and only its status is read, so neither the admin feature
 * nor its schemas reach the chat's chunk. The console checks again on its own; this only hides a link.
 */
export function useIsAdmin(userId: string | null): boolean {
  const [isAdmin, setIsAdmin] = useState(false)
  useEffect(() => {
    if (!userId) return
    let live = true
    void askServer(userId).then((ok) => live && setIsAdmin(ok))
    return () => {
      live = false
    }
  }, [userId])
  return isAdmin
}
