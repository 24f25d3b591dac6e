/** Mercado Pago's browser SDK (Card Payment Brick, Yape tokens) and its device-fingerprint script. */
export const MERCADOPAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2'
export const MERCADOPAGO_SECURITY_URL = 'https://www.mercadopago.com/v2/security.js'

const pending = new Map<string, Promise<void>>()

/**
 * Adds a script once and resolves when it has run. A failed load forgets the element, so the next call (the
 * user's retry) really tries again instead of reusing a dead promise.
 */
export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = pending.get(src)
  if (known) return known
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      pending.delete(src)
      script.remove()
      reject(new Error(`No se pudo cargar ${src}`))
    })
    document.head.appendChild(script)
  })
  pending.set(src, promise)
  return promise
}
