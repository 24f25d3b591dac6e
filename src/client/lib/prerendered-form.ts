/**
 * The prerendered /auth form page (decision 0040): the app's own sign-in or sign-up tab, rendered at build time and
 * sent to a visitor without a session cookie, usable before the app has loaded. Its script (`auth-page-main.ts`)
 * watches it from the start and starts the app at the person's first interaction; the app, at the commit that draws
 * the same tab over it, carries over what the person did meanwhile (`takeOverPrerenderedForm`): the values typed,
 * the focused element and its caret, a submit (held: never sent by the browser itself, its button showing the app's
 * sending state meanwhile, or, when the app's own rule would refuse it, the field's error as the app shows it) and a
 * tab chosen, by a click or by the tab list's keys (decision 0041).
 *
 * The state is the page's, on `window`, so the page's script and the app share it however the bundler splits them.
 */
import { NEW_PASSWORD_FIELD, newPasswordProblem } from '../../shared/password-rule'
import { REFUSED_TEMPLATE_ATTRIBUTE, SENDING_TEMPLATE_ATTRIBUTE } from '../../shared/prerendered-pages'

type Selection = [start: number, end: number, direction: 'forward' | 'backward' | 'none']

type PrerenderedForm = {
  root: HTMLElement
  form: HTMLFormElement
  /** The element focused last and where it is under the root, as child indices; null once focus left it. */
  focused: { element: Element; path: number[] } | null
  /** A submit held until the app is up. */
  submitted: boolean
  /** A submit the app's rule refused, its error still shown: the app shows it again when it is up. */
  refused: boolean
  /** The tab the person chose (its trigger's value) before the app was up. */
  tab: string | null
  /** The app has drawn over the page and taken what was done on it. */
  taken: boolean
}

declare global {
  interface Window {
    __lexiaPrerenderedForm?: PrerenderedForm
  }
}

/** Child indices from `root` down to `element`. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = []
  for (let node = element; node !== root && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node))
  return path
}

function elementAt(root: Element, path: readonly number[]): Element | null {
  let node: Element | undefined = root
  for (const index of path) node = node?.children[index]
  return node ?? null
}

/** Whether the page was served as the prerendered form page, that is without a session cookie: signed out. */
export function servedSignedOut(): boolean {
  return window.__lexiaPrerenderedForm !== undefined
}

/**
 * Watches the prerendered form in `root` (the page's script, before the app): `onUse` when the person submits it or
 * chooses a tab, which waits for the app. Returns false when the page has no form.
 */
export function watchPrerenderedForm(root: HTMLElement, onUse: () => void): boolean {
  const form = root.querySelector('form')
  if (!form) return false
  const state: PrerenderedForm = {
    root,
    form,
    focused: null,
    submitted: false,
    refused: false,
    tab: null,
    taken: false,
  }
  window.__lexiaPrerenderedForm = state
  root.addEventListener('focusin', (event) => {
    const element = event.target as Element
    state.focused = { element, path: pathTo(root, element) }
  })
  root.addEventListener('focusout', (event) => {
    const element = event.target as Element
    // Chromium also fires it on the focused element as the app's first commit removes it: that focus carries over
    // (the element is gone by the time this runs). Focus that moved within the page has already been recorded.
    queueMicrotask(() => {
      if (state.focused?.element === element && element.isConnected && document.activeElement !== element)
        state.focused = null
    })
  })
  // No native submit, ever: it would reload the page (and its fields are not meant for a URL). Held, then sent by
  // the app's own form; meanwhile its button shows what the app's shows while it sends. A submit the app's own rule
  // refuses is never sent: the field shows the app's error at once instead, as the app would (no sending state).
  const refusal = refusalOf(root, form)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    onUse()
    if (state.submitted) return
    state.refused = refusal?.check() ?? false
    if (state.refused) return
    showSending(root, form)
    state.submitted = true
  })
  // The app clears the error as soon as the value passes its rule; so does the page.
  form.addEventListener('input', () => {
    if (state.refused && !state.taken) state.refused = refusal?.check() ?? false
  })
  root.addEventListener('click', (event) => {
    const trigger = (event.target as Element).closest('[role="tab"]')
    const value = trigger?.getAttribute('data-value')
    if (!value) return
    state.tab = value
    onUse()
  })
  // The tab list's keys, as the app's tabs take them (Chakra's, automatic activation, focus looping): the key moves
  // focus to the tab it names, here at once, and the app selects that tab when it is up, as a click held.
  root.addEventListener('keydown', (event) => {
    // Only on the prerendered tabs: once the app has drawn over them, its own tabs take the keys.
    if (state.taken || !form.isConnected) return
    const trigger = (event.target as Element).closest<HTMLElement>('[role="tab"]')
    const list = trigger?.closest('[role="tablist"]')
    if (!trigger || !list || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
    const index = tabs.indexOf(trigger)
    const vertical = list.getAttribute('aria-orientation') === 'vertical'
    const moves: Record<string, number> = {
      [vertical ? 'ArrowDown' : 'ArrowRight']: index + 1,
      [vertical ? 'ArrowUp' : 'ArrowLeft']: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }
    const move = moves[event.key]
    if (move === undefined) return
    const target = tabs[(move + tabs.length) % tabs.length]
    const value = target?.getAttribute('data-value')
    if (!target || !value) return
    event.preventDefault()
    target.focus()
    state.tab = value
    onUse()
  })
  return true
}

/** The content of the template rendered at build time for `form` under `attribute` (its value: the form's test id). */
function templateFor(
  root: HTMLElement,
  attribute: string,
  form: HTMLFormElement,
): DocumentFragment | undefined {
  const testId = form.getAttribute('data-testid') ?? ''
  return root.querySelector<HTMLTemplateElement>(`template[${attribute}="${CSS.escape(testId)}"]`)?.content
}

/**
 * The form's submit button in its sending state until the app takes over: the same button as the app's while it
 * sends (disabled, its spinner and text), rendered at build time from the app's component into a template beside the
 * form. The app's first commit replaces it with the app's own.
 */
function showSending(root: HTMLElement, form: HTMLFormElement): void {
  const sending = templateFor(root, SENDING_TEMPLATE_ATTRIBUTE, form)?.firstElementChild
  const button = form.querySelector('button[type="submit"]')
  if (sending && button) button.replaceWith(document.importNode(sending, true))
}

/**
 * The sign-up form's new password as the app checks it on submit (spec §5's rule, the app's own function): `check`
 * gives the field the state the app shows for its value, refused or as it was, and says whether it is refused. The
 * refused state is the app's field rendered at build time (`REFUSED_TEMPLATE_ATTRIBUTE`); null where the form has
 * none.
 */
function refusalOf(root: HTMLElement, form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>(`input[name="${NEW_PASSWORD_FIELD}"]`)
  const field = input?.closest('[data-part="root"]')
  const refusedField = templateFor(root, REFUSED_TEMPLATE_ATTRIBUTE, form)?.querySelector(
    '[data-part="root"]',
  )
  const modelInput = refusedField?.querySelector('input')
  if (!input || !field || !refusedField || !modelInput) return null
  const asItWas = field.cloneNode(true) as Element
  // The template's ids are another render's (React's useId): the field keeps its own, the error text takes them.
  const fromId = modelInput.id
  const toId = input.id
  let shown = false
  return {
    check(): boolean {
      const problem = newPasswordProblem(input.value)
      if (Boolean(problem) === shown) return shown
      shown = Boolean(problem)
      becomes(field, shown ? refusedField : asItWas, (value) => value.replaceAll(fromId, toId))
      const error = field.querySelector('[data-part="error-text"]')
      if (error && problem) {
        error.textContent = problem
        // As the app's field sets it once its error text is in the document (Ark's field, after its commit).
        input.setAttribute('aria-errormessage', error.id)
      }
      return shown
    },
  }
}

/**
 * Gives `live` the attributes and children of `model`, keeping every element both have in place (the input stays
 * the same element: its value, focus and caret stay); `id` maps the model's ids to the live ones.
 */
function becomes(live: Element, model: Element, id: (value: string) => string): void {
  for (const { name } of [...live.attributes]) if (!model.hasAttribute(name)) live.removeAttribute(name)
  // An input's value is the person's: the attribute is only its default.
  for (const { name, value } of model.attributes) if (name !== 'value') live.setAttribute(name, id(value))
  const children = [...live.children]
  const models = [...model.children]
  if (!models.length && live.textContent !== model.textContent) live.textContent = model.textContent
  models.forEach((next, index) => {
    const current = children[index]
    const same =
      current?.tagName === next.tagName &&
      current.getAttribute('data-part') === next.getAttribute('data-part')
    const element = same ? current : document.importNode(next, false)
    becomes(element, next, id)
    if (element === current) return
    if (current) current.replaceWith(element)
    else live.append(element)
  })
  for (const extra of children.slice(models.length)) extra.remove()
}

/** Sets an input's value so that React's onChange sees it, as if typed. */
function typeInto(input: HTMLInputElement, value: string): void {
  // React keeps its own record of the value on the element; the prototype's setter leaves it behind, so the 'input'
  // event reads as a change.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

function selectionOf(element: Element): Selection | null {
  // Null for an e-mail input: browsers give no caret there (the value set above leaves it at the end).
  if (!(element instanceof HTMLInputElement) || element.selectionStart === null) return null
  return [
    element.selectionStart,
    element.selectionEnd ?? element.selectionStart,
    element.selectionDirection ?? 'none',
  ]
}

/**
 * Called by the app's /auth page at the commit that drew its form over the prerendered one (a layout effect: same
 * task, before the browser paints): what was typed goes into the app's inputs through their onChange, focus and
 * caret go to the same element, then a chosen tab is opened or a held submit sent. Once per page load.
 */
export function takeOverPrerenderedForm(): void {
  const state = window.__lexiaPrerenderedForm
  if (!state || state.taken) return
  state.taken = true
  const { root, form, focused } = state
  if (form.isConnected) return
  const testId = form.getAttribute('data-testid')
  const next = testId
    ? root.querySelector<HTMLFormElement>(`form[data-testid="${CSS.escape(testId)}"]`)
    : null
  if (next) {
    for (const old of form.querySelectorAll('input')) {
      const input = old.name ? next.querySelector(`input[name="${CSS.escape(old.name)}"]`) : null
      if (input instanceof HTMLInputElement && input.value !== old.value) typeInto(input, old.value)
    }
  }
  // The rest once React has rendered those values (its controlled inputs put back their old value until then,
  // and with it the caret), before the frame is painted.
  requestAnimationFrame(() => {
    if (focused && !focused.element.isConnected) {
      const element = elementAt(root, focused.path)
      if (element instanceof HTMLElement && element.tagName === focused.element.tagName) {
        element.focus({ preventScroll: true })
        const selection = selectionOf(focused.element)
        if (selection && element instanceof HTMLInputElement) element.setSelectionRange(...selection)
      }
    }
    const trigger = state.tab
      ? root.querySelector<HTMLElement>(`[role="tab"][data-value="${CSS.escape(state.tab)}"]`)
      : null
    // The other tab: its form is another (what was typed in this one goes, as when the app switches tabs).
    if (trigger && trigger.getAttribute('aria-selected') !== 'true') trigger.click()
    // A refused submit too: the app's own check refuses it again and shows its error, nothing is sent.
    else if ((state.submitted || state.refused) && next?.isConnected) next.requestSubmit()
  })
}
