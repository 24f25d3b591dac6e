import { lookup } from 'node:dns/promises'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import type { AgentTestResult } from '../../shared/admin/agents'
import { readAgentBody } from '../agents/gateway/http-agent'
import { AgentFailure } from '../agents/gateway/types'

export const PROBE_TIMEOUT_MS = 15_000
const MAX_BODY_BYTES = 1024 * 1024
const ANSWER_SHOWN = 2000

/**
 * Addresses an operator's test request must never reach (SSRF): this host, its networks and the cloud metadata
 * service. Node's own BlockList, checked against every address the name resolves to.
 */
function blockedAddresses(allowLoopback: boolean): BlockList {
  const list = new BlockList()
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ]
  if (!allowLoopback) v4.push(['127.0.0.0', 8])
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4')
  const v6: [string, number][] = [
    ['::', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
    ['2001:db8::', 32],
  ]
  if (!allowLoopback) v6.push(['::1', 128])
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6')
  return list
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return { address: mapped[1]!, family: 'ipv4' }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' }
}

export function isBlockedAddress(address: string, allowLoopback = false): boolean {
  const { address: a, family } = unmapped(address)
  return blockedAddresses(allowLoopback).check(a, family)
}

class RefusedAddress extends Error {}

/**
 * The lookup the request connects with: it resolves the name once, refuses it if any address is blocked, and
 * hands the socket the address it checked, so DNS cannot answer differently between the check and the connect.
 */
function vettedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address, allowLoopback)))
          throw new RefusedAddress(hostname)
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, '', 0))
  }
}

type ProbeInput = { url: string; question: string; countryCode: string }
export type AgentProbe = (input: ProbeInput) => Promise<AgentTestResult>

export type ProbeOptions = {
  /** Loopback allowed (never in production): a local n8n or a test's fake agent. */
  allowLoopback: boolean
  /** Sent as x-agent-secret, as the real gateway does. */
  secret?: string
  timeoutMs?: number
  /** Extra TLS trust (tests' self-signed certificate). */
  ca?: string | Buffer
}

const failure = (started: number, error: string, httpStatus: number | null = null): AgentTestResult => ({
  ok: false,
  httpStatus,
  latencyMs: Math.round(performance.now() - started),
  answer: null,
  sources: null,
  error,
})

/**
 * Tries an external agent with one question as the gateway would ask it (its contract, its secret), without
 * saving anything or charging anyone: https only, public addresses only, no redirects, a timeout and a size cap.
 */
export function createAgentProbe(options: ProbeOptions): AgentProbe {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  return async ({ url, question, countryCode }) => {
    const started = performance.now()
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return failure(started, 'La URL no es válida')
    }
    if (target.protocol !== 'https:') return failure(started, 'Solo se pueden probar agentes https://')
    if (target.username || target.password)
      return failure(started, 'La URL no puede llevar usuario ni contraseña')
    const literal = target.hostname.replace(/^\[|\]$/g, '')
    if (isIP(literal) && isBlockedAddress(literal, options.allowLoopback))
      return failure(started, 'Esa dirección es privada o local: no se puede probar')
    const body = JSON.stringify({
      agentId: 'prueba-consola',
      sessionId: `prueba-${Date.now()}`,
      userInput: question,
      countryCode,
    })
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    }
    if (options.secret) headers['x-agent-secret'] = options.secret

    return new Promise<AgentTestResult>((resolve) => {
      const request = https.request(
        target,
        {
          method: 'POST',
          headers,
          lookup: vettedLookup(options.allowLoopback),
          // A fresh connection each time: a pooled socket skips the lookup, and with it the address check.
          agent: false,
          timeout: timeoutMs,
          ...(options.ca && { ca: options.ca }),
        },
        (response) => {
          const status = response.statusCode ?? 0
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            size += chunk.length
            if (size > MAX_BODY_BYTES) {
              request.destroy()
              resolve(failure(started, 'La respuesta del agente es demasiado grande (más de 1 MB)', status))
              return
            }
            chunks.push(chunk)
          })
          response.on('error', () => resolve(failure(started, 'La conexión con el agente se cortó', status)))
          response.on('end', () => {
            if (status >= 300 && status < 400)
              return resolve(
                failure(started, `El agente redirige (HTTP ${status}); usa la URL final`, status),
              )
            if (status < 200 || status >= 300)
              return resolve(failure(started, `El agente respondió HTTP ${status}`, status))
            try {
              const answer = readAgentBody(Buffer.concat(chunks).toString('utf8'))
              resolve({
                ok: true,
                httpStatus: status,
                latencyMs: Math.round(performance.now() - started),
                answer: answer.answer.slice(0, ANSWER_SHOWN),
                sources: { leyes: answer.contextLeyes.length, sentencias: answer.contextSentencias.length },
                error: null,
              })
            } catch (error) {
              resolve(
                failure(
                  started,
                  error instanceof AgentFailure ? error.message : 'Respuesta ilegible',
                  status,
                ),
              )
            }
          })
        },
      )
      const deadline = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs)
      request.on('close', () => clearTimeout(deadline))
      request.on('timeout', () => request.destroy(new Error('timeout')))
      request.on('error', (error) => {
        if (error instanceof RefusedAddress || (error as { cause?: unknown }).cause instanceof RefusedAddress)
          return resolve(failure(started, 'Esa dirección es privada o local: no se puede probar'))
        if (error.message === 'timeout')
          return resolve(failure(started, `El agente no respondió en ${Math.round(timeoutMs / 1000)} s`))
        if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND')
          return resolve(failure(started, 'No se encontró ese dominio'))
        resolve(failure(started, 'No se pudo conectar con el agente'))
      })
      request.end(body)
    })
  }
}
