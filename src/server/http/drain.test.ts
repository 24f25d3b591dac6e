import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { drainable } from './drain'

type Answer = { status: number; body: string; connection: string | undefined }

const servers: http.Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections()
})

/** A server answering `/?ms=N` after N ms (and /api/events never), with its drain. */
async function start() {
  const server = http.createServer((req, res) => {
    if (req.url === '/api/events') return void res.writeHead(200, { 'content-type': 'text/event-stream' })
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0)
    setTimeout(() => res.end('ok'), ms)
  })
  servers.push(server)
  const drain = drainable(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  const agent = new http.Agent({ keepAlive: true })
  const get = (pathname: string) =>
    new Promise<Answer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
          let body = ''
          res.on('data', (d) => {
            body += d
          })
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          )
        })
        .once('error', reject)
    })
  return { drain, get, agent }
}

describe('a drainable server', () => {
  it('answers the requests in progress, each closing its connection, and then settles', async () => {
    const { drain, get } = await start()
    expect(await get('/')).toMatchObject({ status: 200, connection: 'keep-alive' })
    const slow = get('/?ms=300')
    // The request has reached the server (not a guess at how long that takes on a busy machine).
    await expect.poll(() => drain.inFlight).toBe(1)
    const t0 = Date.now()
    await drain.close(5000)
    expect(await slow).toEqual({ status: 200, body: 'ok', connection: 'close' })
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(drain.inFlight).toBe(0)
  })

  it('cuts what is still running after its bound', async () => {
    const { drain, get } = await start()
    const stuck = get('/?ms=10000')
    stuck.catch(() => {})
    await expect.poll(() => drain.inFlight).toBe(1)
    const t0 = Date.now()
    await drain.close(200)
    expect(Date.now() - t0).toBeLessThan(2000)
    await expect(stuck).rejects.toThrow()
  })

  it('counts no event stream as a request in progress, and waits for quiet no longer than asked', async () => {
    const { drain, get } = await start()
    void get('/api/events').catch(() => {})
    void get('/?ms=400')
    // The request has reached the server (not a guess at how long that takes on a busy machine).
    await expect.poll(() => drain.inFlight).toBe(1)
    const t0 = Date.now()
    await drain.quiet(5000, 20)
    expect(drain.inFlight).toBe(0)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250)
    void get('/?ms=5000').catch(() => {})
    await expect.poll(() => drain.inFlight).toBe(1)
    const t1 = Date.now()
    await drain.quiet(150, 20)
    expect(Date.now() - t1).toBeLessThan(1000)
    expect(drain.inFlight).toBe(1)
    await drain.close(100)
  })
})
