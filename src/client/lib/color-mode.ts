/**
 * The colour mode's parts that need no React: the key it is remembered under (next-themes in the app, index.html's
 * script before first paint, the prerendered landing page's script) and the toggle's label. Dark by default.
 */
export const COLOR_MODE_STORAGE_KEY = 'chakra-ui-color-mode'

export type ColorMode = 'light' | 'dark'

/** The toggle's label names the mode it switches to. */
export function colorModeToggleLabel(current: ColorMode): string {
  return current === 'dark' ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro'
}

/** The mode shown now: the class index.html's script (or a switch) put on <html>. */
export function shownColorMode(root: HTMLElement): ColorMode {
  return root.classList.contains('light') ? 'light' : 'dark'
}

/**
 * Switches the page's mode as next-themes does in the app (class and color-scheme on <html>, remembered), with
 * transitions held for the switch so no colour animates half-way (next-themes' disableTransitionOnChange).
 */
export function applyColorMode(mode: ColorMode, doc: Document = document): void {
  const hold = doc.createElement('style')
  hold.textContent = '*,*::before,*::after{transition:none!important}'
  doc.head.append(hold)
  const root = doc.documentElement
  root.classList.remove('light', 'dark')
  root.classList.add(mode)
  root.style.colorScheme = mode
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode)
  } catch {
    // Storage refused (private mode): the mode holds for this page only.
  }
  // Styles recalculated with transitions off, then released on the next task.
  void getComputedStyle(doc.body).opacity
  setTimeout(() => hold.remove(), 1)
}

/**
 * Drives a prerendered page's toggle (decision 0032) without React: its label follows the mode shown (the page is
 * rendered with the default's), and a click switches the mode.
 */
export function driveColorModeToggle(toggle: HTMLElement, doc: Document = document): void {
  const sync = () => {
    const label = colorModeToggleLabel(shownColorMode(doc.documentElement))
    toggle.setAttribute('aria-label', label)
    toggle.title = label
  }
  sync()
  toggle.addEventListener('click', () => {
    applyColorMode(shownColorMode(doc.documentElement) === 'dark' ? 'light' : 'dark', doc)
    sync()
  })
}
