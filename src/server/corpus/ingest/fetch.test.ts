import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureNorms, SHARED_NORMS } from '../../test/fixture-corpus'
import { missing } from '../../test/requirements'
import { fetchNorms } from './fetch'

// The real corpus' norms stand in for the repository's files: any legalize-pe norm will do.
const SHARED = SHARED_NORMS
const NORM = (id: string) =>
  `---\ntitle: Ley de prueba\nidentifier: ${id}\nrank: ley\n---\n\n# Ley\n\nArtículo 1.- Objeto\n\nTexto.\n`

/** A local stand-in for the public repository's raw-file server, with failures on demand. */
function startServer(): Promise<{ server: Server; base: string; hits: Map<string, number> }> {
  const hits = new Map<string, number>()
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice('/pe/'.length))
    hits.set(name, (hits.get(name) ?? 0) + 1)
    if (name === 'FLAKY.md' && hits.get(name)! < 3) return void res.writeHead(503).end()
    if (name === 'FLAKY.md') return void res.end(NORM('FLAKY'))
    if (name === 'HTML.md') return void res.end('<html>not found page</html>')
    if (name === 'LATIN1.md') return void res.end(Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xe9, 0xff, 0xfe]))
    const file = path.join(SHARED, name)
    if (name.includes('..') || !existsSync(file)) return void res.writeHead(404).end()
    res.end(readFileSync(file))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ server, base: `http://127.0.0.1:${port}/pe/`, hits })
    }),
  )
}

describe.skipIf(missing(fixtureNorms()))('corpus:fetch against a local server', () => {
  let s: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    s = await startServer()
  })
  afterAll(() => new Promise<void>((r) => s.server.close(() => r())))

  it('downloads norms byte for byte, skips unchanged ones and reports bad ones', async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-fetch-'))
    const names = [
      'CON-1993.md',
      'LEY-29733-2011.md',
      'NO-EXISTE.md',
      'HTML.md',
      'LATIN1.md',
      'FLAKY.md',
      '../x.md',
    ]
    const first = await fetchNorms({ baseUrl: s.base, names, outDir, retries: 2 })
    expect(first.downloaded.sort()).toEqual(['CON-1993.md', 'FLAKY.md', 'LEY-29733-2011.md'])
    expect(Object.fromEntries(first.failed.map((f) => [f.name, f.reason]))).toEqual({
      'NO-EXISTE.md': 'HTTP 404',
      'HTML.md': 'No parece una norma de legalize-pe (falta el encabezado YAML con identifier)',
      'LATIN1.md': 'El archivo no está en UTF-8',
      '../x.md': 'Nombre de archivo no válido',
    })
    expect(s.hits.get('FLAKY.md')).toBe(3)
    expect(readFileSync(path.join(outDir, 'legalize-pe/pe/CON-1993.md'))).toEqual(
      readFileSync(path.join(SHARED, 'CON-1993.md')),
    )

    const again = await fetchNorms({ baseUrl: s.base, names: ['CON-1993.md'], outDir })
    expect(again).toEqual({ downloaded: [], unchanged: ['CON-1993.md'], failed: [] })
  })
})
