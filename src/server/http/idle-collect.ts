import type { Drain } from './drain'

/** How long the server must stay without requests after a burst before the heap is collected. */
export const IDLE_COLLECT_AFTER_MS = 2_000

type Collect = () => void

/**
 * Collects the heap once whenever the server falls idle after serving requests (docs/decisions/0037).
 *
 * A search allocates a few MB that V8 soon promotes (the server's semi-space is kept at 1 MB, 0005), and V8 runs a
 * full collection only when the old space has grown to a multiple of what lives in it: a server that answered a
 * hundred searches idled at 420 MB of heap pages for 30 MB alive, and an idle server never reaches that threshold
 * again. One full collection when requests stop returns the pages; during a burst nothing changes. What counts as a
 * request in progress is the drain's (event streams, open as long as a tab is, do not). Needs `--expose-gc` (npm
 * start's flags); without it this does nothing.
 */
export function collectWhenIdle(
  drain: Pick<Drain, 'inFlight' | 'onQuiet'>,
  {
    afterMs = IDLE_COLLECT_AFTER_MS,
    collect = (globalThis as { gc?: Collect }).gc,
  }: {
    afterMs?: number
    collect?: Collect
  } = {},
): void {
  if (!collect) return
  let timer: NodeJS.Timeout | undefined
  drain.onQuiet(() => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      // A request that came meanwhile and is still in progress calls this again when it ends.
      if (drain.inFlight === 0) collect()
    }, afterMs)
    timer.unref()
  })
}
