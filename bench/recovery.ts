// Issue 14 figure: time from a crash (SIGKILL mid-consultation and mid-payment) to the last reservation refunded
// and to the last approved payment credited, after one restart. Several rounds; median and spread. PostgreSQL
// only (TEST_DATABASE_URL): what a killed server leaves is only worth reading where it survives the process.
import { recoveryTimings, reservationLimitMs } from '../src/server/recovery/timings'
import { bundleServer, crashRound } from '../src/server/test/crash-scenario'

const ROUNDS = Number(process.env.BENCH_RUNS ?? 5)
const AGENT_TIMEOUT_MS = Number(process.env.BENCH_AGENT_TIMEOUT_MS ?? 5000)
const CONSULTATIONS = 20
const PAYMENTS = 30

if (!process.env.TEST_DATABASE_URL) {
  console.log('recovery: omitido (define TEST_DATABASE_URL con un servidor PostgreSQL)')
  process.exit(0)
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const spread = (xs: number[]) => `${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))}`

const bundle = await bundleServer()
try {
  const restart: number[] = []
  const refund: number[] = []
  const credit: number[] = []
  const held: number[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await crashRound({
      bundle: bundle.file,
      agentTimeoutMs: AGENT_TIMEOUT_MS,
      consultations: CONSULTATIONS,
      cardPayments: PAYMENTS,
    })
    const refunded = r.consultationRows.every((c) => c.state === 'refunded' && c.refundRows === 1)
    const creditedOnce =
      r.payer.credited.length === r.payer.approved.length &&
      r.payer.purchaseRowsPerPayment.every((n) => n === 1)
    console.log(
      `ronda ${round}: ${r.reservedAtCrash} reservas y ${r.approvedAtProvider} pagos aprobados ` +
        `(${r.unrecordedAtCrash} sin registrar) al morir; reinicio ${seconds(r.restartMs)}, ` +
        `última devolución ${r.lastRefundMs === null ? '—' : seconds(r.lastRefundMs)}, ` +
        `último crédito ${r.lastCreditMs === null ? '—' : seconds(r.lastCreditMs)}` +
        (refunded && creditedOnce ? '' : '  ¡INCOMPLETO!'),
    )
    restart.push(r.restartMs)
    if (r.lastRefundMs !== null) refund.push(r.lastRefundMs)
    if (r.lastCreditMs !== null) credit.push(r.lastCreditMs)
    held.push(r.longestReservationMs)
  }
  const limit = reservationLimitMs(recoveryTimings(AGENT_TIMEOUT_MS))
  console.log(
    `\nAGENT_TIMEOUT_MS=${AGENT_TIMEOUT_MS}; ${CONSULTATIONS} consultas y ${PAYMENTS} pagos con tarjeta por ronda, ${ROUNDS} rondas`,
  )
  const row = (label: string, xs: number[], goal: string) =>
    console.log(`${label.padEnd(46)} ${seconds(median(xs)).padStart(9)}  (${spread(xs)})   objetivo ${goal}`)
  row('caída → servidor reiniciado', restart, '—')
  // Every reservation was made before the crash, so the crash → refund time is bounded by the same limit.
  row('caída → última reserva devuelta', refund, `≤ ${seconds(limit)}`)
  row('reserva más larga (creación → devolución)', held, `≤ ${seconds(limit)} (límite + 1 s + un periodo)`)
  row('caída → último pago acreditado', credit, 'al reiniciar')
} finally {
  bundle.remove()
}
