/**
 * Spec §5: links in answers keep only http, https, mailto and tel, relative paths and anchors. Anything else
 * (javascript:, data:, vbscript:, file:…) becomes an empty string, which the renderer turns into a no-op link.
 */
export function safeUrl(url: string | null | undefined): string {
  if (!url) return ''
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so must we.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)
  if (!scheme) return url.trim()
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase()) ? url.trim() : ''
}
