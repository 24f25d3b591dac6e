import { useQuery } from '@tanstack/react-query'

/**
 * Whether to show the console's link: asked of the server (GET /api/admin/me answers 200 only to an admin) the
 * first time the user menu opens, not at every page load, and only its status is read — the admin feature and its
 * schemas stay out of the chat's chunk. The console itself checks again; this only hides a link.
 */
export function useIsAdmin(ask: boolean): boolean {
  const probe = useQuery({
    queryKey: ['auth', 'is-admin'],
    queryFn: async () => {
      const res = await fetch('/api/admin/me', {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
      return res.ok
    },
    enabled: ask,
    staleTime: 5 * 60_000,
    retry: false,
  })
  return probe.data === true
}
