/**
 * Headers our auth boundary (routes.ts) sets on the request it hands to better-auth, overwriting whatever the
 * client sent: the hooks and rate limits inside the library read them.
 */
/** From the socket (or a trusted proxy): clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-lexia-client-ip'
export const TRANSACTION_ID_HEADER = 'x-lexia-transaction-id'
