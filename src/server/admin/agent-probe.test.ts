import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAgentProbe, isBlockedAddress } from './agent-probe'

describe('the addresses an agent test may reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true)
  })
  it.each(['8.8.8.8', '172.32.0.1', '190.119.1.1', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false)
  })
  it('lets loopback through only when told (development), never the private ranges', () => {
    expect(isBlockedAddress('127.0.0.1', true)).toBe(false)
    expect(isBlockedAddress('::1', true)).toBe(false)
    expect(isBlockedAddress('10.0.0.1', true)).toBe(true)
  })
})

/** A self-signed certificate for localhost, made for this run. */
function certificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexia-probe-'))
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  )
  return { key: readFileSync(key), cert: readFileSync(cert) }
}

describe('an agent endpoint tried over https', () => {
  let server: https.Server
  let url: string
  let tls: { key: Buffer; cert: Buffer }
  const received: { body: string; secret: string | undefined }[] = []
  beforeAll(async () => {
    tls = certificate()
    server = https.createServer(tls, (req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        received.push({ body, secret: req.headers['x-agent-secret'] as string | undefined })
        if (req.url === '/lento') return
        if (req.url === '/redirige') {
          res.writeHead(302, { location: 'https://169.254.169.254/' }).end()
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ answer: 'Tienes 30 días', context_leyes: [{ title: 'DL 713' }] }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `https://localhost:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('sends one question with the gateway contract and reads the answer', async () => {
    const probe = createAgentProbe({ allowLoopback: true, secret: 's3creto', ca: tls.cert })
    const result = await probe({ url: `${url}/hook`, question: '¿Vacaciones?', countryCode: 'PE' })
    expect(result).toMatchObject({
      ok: true,
      httpStatus: 200,
      answer: 'Tienes 30 días',
      sources: { leyes: 1, sentencias: 0 },
    })
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ userInput: '¿Vacaciones?', countryCode: 'PE' })
    expect(received.at(-1)!.secret).toBe('s3creto')
  })

  it('refuses loopback where it is not allowed, before any request', async () => {
    const count = received.length
    const probe = createAgentProbe({ allowLoopback: false, ca: tls.cert })
    const byName = await probe({ url: `${url}/hook`, question: 'hola', countryCode: 'PE' })
    expect(byName).toMatchObject({ ok: false, error: 'Esa dirección es privada o local: no se puede probar' })
    const literal = await probe({ url: 'https://10.0.0.1/hook', question: 'hola', countryCode: 'PE' })
    expect(literal).toMatchObject({
      ok: false,
      error: 'Esa dirección es privada o local: no se puede probar',
    })
    const plain = await probe({ url: 'http://ejemplo.pe/hook', question: 'hola', countryCode: 'PE' })
    expect(plain).toMatchObject({ ok: false, error: 'Solo se pueden probar agentes https://' })
    expect(received.length).toBe(count)
  })

  it('does not follow redirects and gives up after its timeout', async () => {
    const probe = createAgentProbe({ allowLoopback: true, ca: tls.cert, timeoutMs: 300 })
    expect(await probe({ url: `${url}/redirige`, question: 'hola', countryCode: 'PE' })).toMatchObject({
      ok: false,
      httpStatus: 302,
    })
    const slow = await probe({ url: `${url}/lento`, question: 'hola', countryCode: 'PE' })
    expect(slow).toMatchObject({ ok: false, httpStatus: null, error: 'El agente no respondió en 0 s' })
  })
})
