import type { PGlite } from '@electric-sql/pglite'

type Listener = { channel: string; callback: (payload: string) => void; unlisten?: () => Promise<void> }

/**
 * An embedded database that can be closed and opened again on the same data folder while the server runs.
 *
 * Why: a WebAssembly memory never shrinks. Ingesting the whole corpus folder grows PGlite's memory by a few hundred
 * MB (sorts, ts_stat, the champion lists' reads), and the server kept it until it restarted (docs/decisions/0018).
 * Opening the folder again in a new PGlite instance, once the old one is dropped and collected, returns it.
 *
 * Drizzle, the events listener and every module hold this handle, never the PGlite behind it. While the instance
 * is swapped, new calls wait (they are not refused) and calls in flight (a transaction included) end first.
 */
export class ReopenablePglite {
  #current: PGlite
  readonly #open: () => Promise<PGlite>
  #inFlight = 0
  #drained: (() => void) | undefined
  /** Set while swapping: calls made meanwhile wait for it. */
  #swapping: Promise<void> | undefined
  #closed = false
  readonly #listeners = new Set<Listener>()

  constructor(first: PGlite, open: () => Promise<PGlite>) {
    this.#current = first
    this.#open = open
  }

  get closed(): boolean {
    return this.#closed
  }

  query: PGlite['query'] = (...args) => this.#run((db) => db.query(...args))
  exec: PGlite['exec'] = (...args) => this.#run((db) => db.exec(...args))
  transaction: PGlite['transaction'] = (callback) => this.#run((db) => db.transaction(callback))

  /** LISTEN that outlives a swap: the callback is registered again on each new instance. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener: Listener = { channel, callback }
    this.#listeners.add(listener)
    listener.unlisten = await this.#run((db) => db.listen(channel, callback))
    return async () => {
      this.#listeners.delete(listener)
      await this.#run(async () => {
        await listener.unlisten?.()
      })
    }
  }

  /**
   * Closes the instance and opens a new one on the same folder, after the calls in flight; calls made meanwhile
   * run on the new one. The old instance is only dropped here: the caller collects garbage to return its memory.
   */
  async reopen(): Promise<void> {
    if (this.#closed) return
    await this.#swapping
    let release!: () => void
    this.#swapping = new Promise<void>((resolve) => {
      release = resolve
    })
    try {
      await this.#drain()
      await this.#current.close()
      this.#current = await this.#open()
      for (const listener of this.#listeners)
        listener.unlisten = await this.#current.listen(listener.channel, listener.callback)
    } finally {
      this.#swapping = undefined
      release()
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return
    await this.#swapping
    this.#closed = true
    await this.#drain()
    await this.#current.close()
  }

  async #run<T>(call: (db: PGlite) => Promise<T>): Promise<T> {
    while (this.#swapping) await this.#swapping
    this.#inFlight++
    try {
      return await call(this.#current)
    } finally {
      this.#inFlight--
      if (this.#inFlight === 0) this.#drained?.()
    }
  }

  #drain(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve()
    return new Promise<void>((resolve) => {
      this.#drained = () => {
        this.#drained = undefined
        resolve()
      }
    })
  }
}
