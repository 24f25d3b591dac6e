/** Query values the console sends; empty ones are left out so the server applies its defaults. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>

/** `/api/admin/<path>?…` with the given parameters, in a stable order (it is also the React Query key). */
export function adminUrl(path: string, query: QueryValues = {}): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    params.set(name, String(value))
  }
  const search = params.toString()
  return `/api/admin/${path}${search ? `?${search}` : ''}`
}
