/**
 * The viewer's address for a source (spec §2: /protected/pdf_viewer?file=&page=), plus an optional passage to
 * highlight on that page (`q`), which the viewer reads beyond the spec.
 */
export function viewerUrl(source: { url: string; page_number: number }, highlight?: string): string {
  const params = new URLSearchParams({ file: source.url, page: String(Math.max(1, source.page_number || 1)) })
  if (highlight?.trim()) params.set('q', highlight.trim().slice(0, 300))
  return `/protected/pdf_viewer?${params.toString()}`
}
