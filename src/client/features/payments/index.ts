import { lazy } from 'react'

// The payments feature as other features see it: its two dialogs, each loaded only when a payment starts (the card
// one brings Mercado Pago's SDK), so the plans popup that opens them stays small.
export const CardPaymentDialog = lazy(() => import('./card-payment-dialog'))
export const YapeDialog = lazy(() => import('./yape-dialog'))
