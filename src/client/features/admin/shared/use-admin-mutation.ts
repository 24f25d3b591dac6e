import { useMutation, useQueryClient } from '@tanstack/react-query'

/** A console write: on success every console list and record is read again (the server is the only truth). */
export function useAdminMutation<A, R>(run: (args: A) => Promise<R>, onDone?: (result: R) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: ['admin'] })
      onDone?.(result)
    },
  })
}
