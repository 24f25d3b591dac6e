import { PRODUCT_NAME } from '../../shared/brand'
import type { PublicConfig } from '../../shared/config-schema'

/**
 * The server's public runtime config (`GET /api/config`), read once per page load. The landing pages need it (the
 * React one and the prerendered one, whose script loads no React), so it is fetched with `fetch` and checked by hand
 * rather than with zod or TanStack Query. The server validates its answer with `publicConfigSchema`.
 */
export function toPublicConfig(json: unknown): PublicConfig | null {
  if (typeof json !== 'object' || json === null) return null
  const value = json as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
  return {
    gtmId: text(value.gtmId),
    supportWidgetSrc: text(value.supportWidgetSrc),
    embeddedMailbox: value.embeddedMailbox === true,
    productName: text(value.productName) ?? PRODUCT_NAME,
  }
}

let loaded: PublicConfig | null | undefined
let loading: Promise<PublicConfig | null> | undefined

/** The config, or null when the server has none to give (then no tag manager and no widget). */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  loading ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then(toPublicConfig)
    .catch(() => null)
    .then((config) => {
      loaded = config
      return config
    })
  return loading
}

/** What a finished load gave (undefined while none has finished). */
export function loadedPublicConfig(): PublicConfig | null | undefined {
  return loaded
}
