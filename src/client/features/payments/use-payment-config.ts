import { useQuery } from '@tanstack/react-query'
import { getPaymentConfig } from './payment-api'

/** Which provider runs (Mercado Pago or the sandbox) and its public key; it does not change while the app runs. */
export function usePaymentConfig(enabled = true) {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: getPaymentConfig,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
}
