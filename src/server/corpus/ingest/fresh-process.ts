/**
 * Whether a server should hand over to a fresh process once its corpus pass has ended (docs/decisions/0020).
 *
 * A pass that stores files leaves memory behind that the process cannot give back: free space in the C allocator
 * (docs/decisions/0020), about 70 MB after the first start's whole-folder pass even with the allocator tuned. A new
 * process idles as a restart does. The cost of the takeover is a second or two during which new connections wait, and
 * open event streams reconnecting: worth it only when the pass stored something (a pass that skipped every file grew
 * nothing) and the server idles above the goal it serves, `aboveMb` (issue 15: 200 MB). A small pass (a few changed
 * files) stays under it, and the server keeps running. A server started for the first pass (`passProcess`) hands over
 * whatever its pass did.
 */
export function wantsFreshProcess(
  pass: { ingested: number },
  rssBytes: number,
  aboveMb: number,
  passProcess = false,
): boolean {
  return passProcess || (pass.ingested > 0 && rssBytes > aboveMb * 2 ** 20)
}

/**
 * Set by the launcher when this server runs the first start's pass with the pass's node flags
 * (scripts/server-process.mjs, docs/decisions/0038): it always hands over once its pass has ended, since its flags are
 * not the ones a server idles with.
 */
export const PASS_PROCESS_ENV = 'LEXIA_PASS_PROCESS'
