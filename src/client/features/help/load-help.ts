/** The help text, served as the static /help.md (spec §7). */
export async function loadHelp(): Promise<string> {
  const res = await fetch('/help.md', { headers: { accept: 'text/markdown' } })
  const text = await res.text()
  // The SPA fallback answers unknown paths with index.html: that is not the help text either.
  if (!res.ok || text.trimStart().startsWith('<')) throw new Error(`help.md ${res.status}`)
  return text
}

export const HELP_QUERY = {
  queryKey: ['help.md'],
  queryFn: loadHelp,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
}
