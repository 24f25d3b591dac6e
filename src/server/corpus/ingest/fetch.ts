import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { loadPackManifest, type PackManifest } from '../pack/manifest'
import { corpusFolders } from './corpus-dir'

export type FetchOptions = {
  baseUrl: string
  names: string[]
  /** The corpus folder to write into (norms land in the pack's norms folder: legalize-pe/pe/). */
  outDir: string
  /** The country pack's manifest; the default pack's when not given. */
  manifest?: PackManifest
  concurrency?: number
  timeoutMs?: number
  retries?: number
  fetchImpl?: typeof fetch
}

export type FetchSummary = {
  downloaded: string[]
  unchanged: string[]
  failed: { name: string; reason: string }[]
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)?\.md$/

async function getWithRetries(
  url: string,
  opts: Required<Pick<FetchOptions, 'timeoutMs' | 'retries'>>,
  f: typeof fetch,
) {
  let lastError: unknown
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 250 * 2 ** (attempt - 1)))
    try {
      const res = await f(url, { signal: AbortSignal.timeout(opts.timeoutMs) })
      if (res.status >= 500) {
        lastError = new Error(`HTTP ${res.status}`)
        continue
      }
      if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { final: true })
      return new Uint8Array(await res.arrayBuffer())
    } catch (error) {
      if ((error as { final?: boolean }).final) throw error
      lastError = error
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError))
}

/**
 * Downloads norms for a deployment. Each file must look like a legalize-pe norm (UTF-8 with front matter and an
 * identifier) before it replaces anything; writes are atomic; unchanged files are left alone.
 */
export async function fetchNorms(options: FetchOptions): Promise<FetchSummary> {
  const f = options.fetchImpl ?? fetch
  const dir = corpusFolders(options.outDir, options.manifest ?? loadPackManifest()).norms
  mkdirSync(dir, { recursive: true })
  const summary: FetchSummary = { downloaded: [], unchanged: [], failed: [] }
  const queue = [...options.names]
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`
  const decoder = new TextDecoder('utf-8', { fatal: true })

  async function worker() {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      try {
        if (!SAFE_NAME.test(name)) throw new Error('Nombre de archivo no válido')
        const data = await getWithRetries(
          new URL(name, base).toString(),
          {
            timeoutMs: options.timeoutMs ?? 30_000,
            retries: options.retries ?? 2,
          },
          f,
        )
        let text: string
        try {
          text = decoder.decode(data)
        } catch {
          throw new Error('El archivo no está en UTF-8')
        }
        if (!/^---\r?\n[\s\S]*?\bidentifier:\s*\S+[\s\S]*?\r?\n---/.test(text))
          throw new Error('No parece una norma de legalize-pe (falta el encabezado YAML con identifier)')
        const target = path.join(dir, name)
        if (existsSync(target) && readFileSync(target).equals(Buffer.from(data))) {
          summary.unchanged.push(name)
          continue
        }
        mkdirSync(path.dirname(target), { recursive: true })
        writeFileSync(`${target}.part`, data)
        renameSync(`${target}.part`, target)
        summary.downloaded.push(name)
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        summary.failed.push({
          name,
          reason: timedOut ? 'Tiempo de espera agotado' : (error as Error).message,
        })
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  return summary
}
