import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { z } from 'zod'
import {
  planListSchema,
  purchaseStateSchema,
  subscriptionResponseSchema,
} from '../../../shared/payment-schemas'
import { apiGet, apiPost } from '../../lib/api-client'

const PLANS_KEY = ['credit-plans'] as const
const PURCHASES_KEY = ['credit-purchases'] as const

/** GET /api/credits/plans (spec §7): every plan to show; an empty list when none. */
export function usePlans(enabled: boolean) {
  return useQuery({
    queryKey: PLANS_KEY,
    queryFn: () => apiGet('/api/credits/plans', planListSchema),
    enabled,
    staleTime: 60_000,
  })
}

/** GET /api/credits/purchases: the last purchase per plan and the subscriptions, for the dates on the cards. */
export function usePurchaseState(enabled: boolean) {
  return useQuery({
    queryKey: PURCHASES_KEY,
    queryFn: () => apiGet('/api/credits/purchases', purchaseStateSchema),
    enabled,
  })
}

/** After a payment or a cancellation: plans and last-purchase dates are read again. */
export function useRefreshPlans() {
  const client = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PLANS_KEY }),
        client.invalidateQueries({ queryKey: PURCHASES_KEY }),
      ]),
    [client],
  )
}

/** 'Suscribirme': the server creates the preapproval; the payer approves it at init_point. */
export const startSubscription = (planId: number) =>
  apiPost('/api/payment/subscription', { plan_id: planId }, subscriptionResponseSchema)

/** 'Editar mi suscripcion' → cancel. Only success matters here; the cards are read again afterwards. */
export const cancelSubscription = (planId: number) =>
  apiPost('/api/payment/subscription/cancel', { plan_id: planId }, z.unknown())
