import { useQuery } from '@tanstack/react-query'
import { adminMeSchema } from '../../../shared/admin'
import { ApiError, apiGet } from '../../lib/api-client'

/**
 * Whether the signed-in user may use the console: the server decides (GET /api/admin/me answers 403 to anyone
 * without the admin role), the client only follows. A refusal is not retried.
 */
export function useAdminMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: () => apiGet('/api/admin/me', adminMeSchema),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 60_000,
  })
}
