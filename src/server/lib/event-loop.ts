/**
 * One turn of the event loop. PGlite runs its statements on the main thread and its promises resolve within the
 * same turn, so a chain of awaits on it never lets the server read a request: long work on it (the corpus pass,
 * the index refresh) gives the loop a turn between its steps, and the requests that came meanwhile run then.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
