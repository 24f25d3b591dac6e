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

/**
 * Per-address limits, whatever the caller's IP (docs/decisions/0012): a run of wrong passwords locks the address
 * for 15 minutes, and each kind of account e-mail reaches one address at most 3 times an hour. Known and unknown
 * addresses are counted alike, so neither the lock nor the cap says whether an account exists.
 */
export function accountLimits(factor: number) {
  const scaled = (max: number) => Math.max(1, Math.round(max * factor))
  return {
    signIn: { window: 15 * 60, max: scaled(5), lockOnMax: true },
    resetMail: { window: 60 * 60, max: scaled(3) },
    verificationMail: { window: 60 * 60, max: scaled(3) },
  }
}

export type AccountLimits = ReturnType<typeof accountLimits>
