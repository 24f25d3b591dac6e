// The credits feature as other features see it: the balance, how a number of credits reads, the no-credits notice.
export { CreditsBadge } from './credits-badge'
export { creditsLabel } from './credits-label'
export { useCreditsStore } from './credits-store'
export { NO_CREDITS_MESSAGE, NoCreditsNotice } from './no-credits-notice'
