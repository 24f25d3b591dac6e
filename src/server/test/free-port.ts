import { createServer } from 'node:net'

/** A TCP port free on 127.0.0.1 now, for a process a test starts that must be told its port before it listens. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
