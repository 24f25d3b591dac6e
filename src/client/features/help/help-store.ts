import { create } from 'zustand'
import { FIRST_LOGIN_EVENT } from '../../lib/first-login-event'

type HelpState = { open: boolean; show: () => void; hide: () => void }

/** Whether the 'Instrucciones' modal is open: the sidebar button opens it, and so does a first login. */
export const useHelpDialog = create<HelpState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}))

// Spec §2/§4: the first-login event opens the help. It fires while the session loads, before the chat page is
// mounted, so the listener lives here (imported by the signed-in area) and the flag waits for the page.
if (typeof window !== 'undefined') {
  window.addEventListener(FIRST_LOGIN_EVENT, () => useHelpDialog.getState().show())
}
