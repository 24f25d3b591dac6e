import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppConfig } from '../config'

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>
type ContentSecurityPolicy = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>

/** What the browser needs from each third party, added to the policy only when that party is configured. */
type ThirdParty = {
  script?: string[]
  style?: string[]
  img?: string[]
  font?: string[]
  connect?: string[]
  frame?: string[]
}

/** Google's published policy for Tag Manager with Google Analytics 4 (tag-platform/security/guides/csp). */
const TAG_MANAGER: ThirdParty = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
}

/**
 * Mercado Pago's browser SDK (load-script.ts): the SDK and its device-fingerprint script, the Secure Fields
 * iframes and the APIs they call, and the 3-D Secure challenge pages, which come from MP's country domains.
 */
const MERCADO_PAGO: ThirdParty = {
  script: ['https://sdk.mercadopago.com', 'https://www.mercadopago.com', 'https://http2.mlstatic.com'],
  style: ['https://http2.mlstatic.com'],
  img: ['https://http2.mlstatic.com', 'https://*.mercadopago.com', 'https://*.mercadolibre.com'],
  font: ['https://http2.mlstatic.com'],
  connect: [
    'https://api.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://secure-fields.mercadopago.com',
    'https://events.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://www.mercadolibre.com',
    'https://http2.mlstatic.com',
  ],
  frame: ['https://*.mercadopago.com', 'https://*.mercadopago.com.pe', 'https://*.mercadolibre.com'],
}

/** A support widget is one script from its own origin; it draws, fetches, frames and styles from there. */
function supportWidget(src: string): ThirdParty {
  const url = new URL(src)
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`
  return {
    script: [url.origin],
    style: [url.origin],
    img: [url.origin],
    font: [url.origin],
    connect: [url.origin, socket],
    frame: [url.origin],
  }
}

/** `'sha256-…'` of every inline `<script>` of a page (those without src), as CSP hashes them: the exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue
    const digest = createHash('sha256')
      .update(m[2] ?? '')
      .digest('base64')
    hashes.push(`'sha256-${digest}'`)
  }
  return hashes
}

/**
 * The one policy of every response, in every mode: only this origin's scripts plus, by hash, the inline scripts of
 * the pages the server sends (the SPA's index.html and the prerendered landing page, which share one), no plugins,
 * never framed, no <base>, forms post only here, and images only from here, data: and blob: (the viewer's
 * canvases), so a remote image written into an answer is never fetched.
 *
 * style-src keeps 'unsafe-inline': Chakra (Emotion) writes <style> tags at run time, React and pdf.js set style
 * attributes, the index page has one inline <style> and the prerendered landing page carries its CSS inline. Nonces
 * would need a per-request page and would still refuse the style attributes; inline CSS cannot run code, and the
 * url() it could use to leak data is held to img-src/font-src.
 */
export function contentSecurityPolicy(config: AppConfig, pages: readonly string[]): ContentSecurityPolicy {
  const parties: ThirdParty[] = []
  if (config.gtmId) parties.push(TAG_MANAGER)
  if (config.supportWidgetSrc) parties.push(supportWidget(config.supportWidgetSrc))
  if (config.payments.provider === 'mercadopago') parties.push(MERCADO_PAGO)
  const from = (key: keyof ThirdParty) => [...new Set(parties.flatMap((p) => p[key] ?? []))]
  const frames = from('frame')
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...new Set(pages.flatMap(inlineScriptHashes)), ...from('script')],
    styleSrc: ["'self'", "'unsafe-inline'", ...from('style')],
    imgSrc: ["'self'", 'data:', 'blob:', ...from('img')],
    fontSrc: ["'self'", 'data:', ...from('font')],
    connectSrc: ["'self'", ...from('connect')],
    // pdf.js runs its worker from a hashed file of ours.
    workerSrc: ["'self'"],
    frameSrc: frames.length ? frames : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    // The sandbox's subscription page posts its form here; the app itself posts with fetch.
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

/** Security headers of every response (hono/secure-headers), with the content security policy above. */
export function securityHeaders(config: AppConfig, pages: readonly string[]): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config, pages),
    // The chat and viewer never need to be framed; the mailbox's own iframe is srcdoc.
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    // Nothing in Lexia uses these; a script that slipped in cannot either.
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], usb: [] },
  })
}

/**
 * API answers are personal (a balance, a history, a session) unless a route says otherwise: nothing may keep
 * them, not the browser's cache nor a proxy. Routes that set their own Cache-Control (originals' PDFs, event
 * streams) keep it.
 */
export function noStoreByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store')
  }
}
