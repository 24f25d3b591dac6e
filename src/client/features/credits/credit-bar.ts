/** Spec §2/§9 credits bar: red at 0 or below, yellow at ≤ 20 % of the total, else green; stripes at ≤ 10 %. */
export const CREDIT_WARNING_RATIO = 0.2
export const CREDIT_STRIPE_RATIO = 0.1

export type CreditBar = {
  colorPalette: 'red' | 'yellow' | 'green'
  striped: boolean
  /** 0–100 for the progress bar. */
  percent: number
  /**
   * Nothing left: the range is 0 % wide, so a red range alone would show no red at all; the track itself carries
   * the red state instead.
   */
  empty: boolean
}

export function creditBar(remaining: number, total: number): CreditBar {
  const ratio = total > 0 ? remaining / total : remaining > 0 ? 1 : 0
  const colorPalette = remaining <= 0 ? 'red' : ratio <= CREDIT_WARNING_RATIO ? 'yellow' : 'green'
  return {
    colorPalette,
    striped: ratio <= CREDIT_STRIPE_RATIO,
    percent: Math.max(0, Math.min(100, Math.round(ratio * 100))),
    empty: remaining <= 0,
  }
}
