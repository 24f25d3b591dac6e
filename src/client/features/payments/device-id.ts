/** The hidden field the page keeps the device-session id in (spec §7). */
export const DEVICE_ID_INPUT_ID = 'deviceId'

type DeviceSources = {
  document?: { getElementById: (id: string) => unknown }
  window?: { MP_DEVICE_SESSION_ID?: unknown }
}

/**
 * Mercado Pago's device-session id for X-meli-session-id: the hidden #deviceId input when it holds one, else
 * the global its security script sets; null when neither exists (sandbox, or the script was blocked).
 */
export function readDeviceId(sources: DeviceSources = { document, window }): string | null {
  const field = sources.document?.getElementById(DEVICE_ID_INPUT_ID) as { value?: unknown } | null | undefined
  const fromField = typeof field?.value === 'string' ? field.value.trim() : ''
  if (fromField) return fromField
  const global = sources.window?.MP_DEVICE_SESSION_ID
  return typeof global === 'string' && global.trim() ? global.trim() : null
}
