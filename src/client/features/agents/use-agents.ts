import { useQuery } from '@tanstack/react-query'
import { agentListSchema } from '../../../shared/agent-schemas'
import { apiGet } from '../../lib/api-client'

export function useAgents() {
  return useQuery({
    queryKey: ['agents'],
    queryFn: async () => {
      try {
        return (await apiGet('/api/agents', agentListSchema)).agents
      } catch (error) {
        console.error('Error al cargar agentes', error)
        throw error
      }
    },
    staleTime: 60_000,
  })
}
