import type { Server } from 'node:http'

/** How long the server must stay without requests after a burst before the heap is collected. */
export const IDLE_COLLECT_AFTER_MS = 2_000

type Collect = () => void

/**
 * Collects the heap once whenever the server falls idle after serving requests (docs/decisions/0036).
 *
 * A search allocates a few MB that V8 soon promotes (the server's semi-space is kept at 1 MB, 0020), and V8 runs a
 * full collection only when the old space has grown to a multiple of what lives in it: a server that answered a
 * hundred searches idled at 420 MB of heap pages for 30 MB alive, and an idle server never reaches that threshold
 * again. One full collection when requests stop returns the pages; during a burst nothing changes. Event streams
 * stay open as long as a tab does and do not count as activity. Needs `--expose-gc` (npm start's flags); without it
 * this does nothing.
 */
export function collectWhenIdle(
  server: Server,
  {
    afterMs = IDLE_COLLECT_AFTER_MS,
    collect = (globalThis as { gc?: Collect }).gc,
  }: {
    afterMs?: number
    collect?: Collect
  } = {},
): void {
  if (!collect) return
  let open = 0
  let served = false
  let timer: NodeJS.Timeout | undefined
  server.prependListener('request', (req, res) => {
    if ((req.url ?? '').startsWith('/api/events')) return
    open++
    served = true
    clearTimeout(timer)
    res.once('close', () => {
      open--
      if (open > 0) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (open > 0 || !served) return
        served = false
        collect()
      }, afterMs)
      timer.unref()
    })
  })
}
