/** Spec §2 loading indicator: seconds in tenths, es-PE decimal comma is not used by the original ('2.3 s'). */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, Math.floor(ms / 100)) / 10).toFixed(1)} s`
}
