/**
 * Per-path limits on the endpoints attackers hammer: password guessing, account spam, mail bombing.
 * `factor` lets tests raise them (never switch them off).
 */
export function authRateLimits(factor: number) {
  const rule = (window: number, max: number) => ({ window, max: Math.max(1, Math.round(max * factor)) })
  return {
    '/sign-in/email': rule(60, 5),
    '/sign-up/email': rule(600, 5),
    '/request-password-reset': rule(600, 3),
    '/send-verification-email': rule(600, 3),
    '/reset-password': rule(600, 10),
    '/verify-email': rule(600, 20),
  }
}
