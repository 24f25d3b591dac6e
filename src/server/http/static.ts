import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

/** Client routes of spec §2: the SPA answers them with 200; anything else gets the SPA's 404 page. */
const SPA_ROUTES = [
  /^\/$/,
  /^\/auth\/?$/,
  /^\/auth\/callback\/?$/,
  /^\/chat\/?$/,
  /^\/help\/?$/,
  /^\/protected\/(chat|help|pdf_viewer)\/?$/,
]

export function staticRoutes(clientDir: string) {
  const app = new Hono()
  const indexFile = path.join(clientDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.get('*', (c) =>
      c.text(
        'El cliente no está construido: ejecuta `npm run build` (o `npm start`, que lo construye).',
        503,
      ),
    )
    return app
  }
  const indexHtml = readFileSync(indexFile, 'utf8')

  // Hashed file names: cache forever. Everything else revalidates.
  app.use('*', async (c, next) => {
    await next()
    if (c.res.status !== 200 || c.res.headers.has('cache-control')) return
    const immutable = c.req.path.startsWith('/assets/')
    c.res.headers.set('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  app.use('*', serveStatic({ root: clientDir, precompressed: true }))
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache')
    const known = SPA_ROUTES.some((r) => r.test(c.req.path))
    return c.html(indexHtml, known ? 200 : 404)
  })
  return app
}
