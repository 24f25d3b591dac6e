/**
 * DESIGN 6: every payment goes through one interface. The Mercado Pago adapter implements it with the official
 * SDK when keys are set; the sandbox implements it offline with Mercado Pago's own test outcomes. Routes, the
 * webhook and the purchase recording only ever see these types.
 */

/** Mercado Pago's payment statuses; anything else a provider answers is kept as is and treated as not approved. */
export type PaymentStatus =
  | 'approved'
  | 'pending'
  | 'in_process'
  | 'authorized'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back'

/** A payment as the provider reports it; the server trusts only what it fetched itself. */
export type ProviderPayment = {
  /** The provider's payment id (Mercado Pago's numeric id as a string): the exactly-once key of a purchase. */
  id: string
  status: PaymentStatus | (string & {})
  /** e.g. accredited, cc_rejected_insufficient_amount, pending_waiting_transfer, yape_insufficient_funds. */
  statusDetail: string
  /** transaction_amount in soles, as the provider charged it. */
  amount: number
  currency: string
  /** visa, master, debvisa, yape, … */
  methodId: string
  /** Our payment attempt id, sent on creation; how a webhook finds the user and the plan. */
  externalReference: string | null
  /** Set when the payment pays a subscription period (Mercado Pago's preapproval id). */
  subscriptionId: string | null
}

export type CreatePaymentInput = {
  /** One per attempt (X-Idempotency-Key): a retried request never charges twice. */
  idempotencyKey: string
  /** Card or Yape token made in the browser by the provider's SDK (or the sandbox tokenizer). */
  token: string
  /** Decided by the server from the plan's price, never taken from the client. */
  amount: number
  description: string
  methodId: string
  /** Always 1 (spec §9). */
  installments: 1
  payer: { email: string; identification?: { type: string; number: string } }
  /** Our attempt id. */
  externalReference: string
  items: {
    id: string
    title: string
    description: string
    categoryId: string
    quantity: 1
    unitPrice: number
  }[]
  /** Mercado Pago's device-session id (its security script), forwarded as X-meli-session-id. */
  deviceId: string | null
  /** Where the provider sends the payment's notifications; null when the app has no public URL. */
  notificationUrl: string | null
}

/** Spec §3 subscription: Mercado Pago's preapproval. */
export type ProviderSubscription = {
  id: string
  /** pending (not yet authorized by the payer), authorized, paused, cancelled. */
  status: 'pending' | 'authorized' | 'paused' | 'cancelled' | (string & {})
  /** Where the payer approves it: Mercado Pago's init_point, or the sandbox's local approval page. */
  initPoint: string
  externalReference: string | null
  /** When the paid period ends (next_payment_date); null until authorized. */
  nextPaymentDate: string | null
}

export type CreateSubscriptionInput = {
  idempotencyKey: string
  reason: string
  amount: number
  /** Months between charges. */
  frequencyMonths: number
  payerEmail: string
  externalReference: string
  backUrl: string
  notificationUrl: string | null
}

/** One charge of a subscription period (Mercado Pago's authorized_payment). */
export type ProviderAuthorizedPayment = {
  id: string
  subscriptionId: string
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled' | (string & {})
  /** The underlying payment once processed; its approval is what grants the period's credits. */
  payment: { id: string; status: string; statusDetail: string } | null
  amount: number
}

/** DESIGN 6 refund: money back to the payer, all of the payment or part of it. */
export type RefundInput = {
  /** The provider's payment id. */
  paymentId: string
  /** Soles to return; null returns the whole payment. */
  amount: number | null
  /** Our refund's own id (payment_refunds.id): a retried request never refunds twice. */
  idempotencyKey: string
}

/** A refund as the provider reports it. */
export type ProviderRefund = {
  id: string
  paymentId: string
  /** Soles returned by this refund. */
  amount: number
  /** approved, in_process, rejected… (Mercado Pago's refund statuses). */
  status: string
}

/**
 * A refusal or failure the provider reported. `status` is its HTTP status (402 means insufficient funds for the
 * spec §8 mapping), `code` its error code or status_detail when it gave one.
 */
export class PaymentProviderError extends Error {
  readonly status: number
  readonly code: string | null
  constructor(message: string, status: number, code: string | null = null) {
    super(message)
    this.name = 'PaymentProviderError'
    this.status = status
    this.code = code
  }
}

export interface PaymentProvider {
  readonly kind: 'mercadopago' | 'sandbox'
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>
  /** null when the provider does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>
  /**
   * Every payment made with this external reference (our attempt id), oldest first; empty when none. How a
   * restarted server finds what a request cut short by a crash made, when nothing of its answer was kept.
   */
  findPayments(externalReference: string): Promise<ProviderPayment[]>
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>
  getSubscription(id: string): Promise<ProviderSubscription | null>
  cancelSubscription(id: string): Promise<ProviderSubscription>
  getAuthorizedPayment(id: string): Promise<ProviderAuthorizedPayment | null>
  /**
   * Returns money to the payer. A refusal (payment not refundable, amount above what is left) is a
   * PaymentProviderError with a 4xx status; a 5xx or no answer leaves it unknown, and the same idempotency key
   * asks again without refunding twice.
   */
  refundPayment(input: RefundInput): Promise<ProviderRefund>
}
