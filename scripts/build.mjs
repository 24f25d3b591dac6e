#!/usr/bin/env node
// Builds the client (Vite), prerenders the landing page and /auth's first paint, precompresses the client, bundles
// the server (esbuild), then stamps dist/ with the sources' hash.
import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { sourceHash, stampFile } from './build-stamp.mjs'
import { precompress } from './precompress.mjs'
import { prerenderPages } from './prerender-pages.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export async function buildAll() {
  const started = Date.now()
  const vite = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (vite.status !== 0) throw new Error('vite build falló')
  const pages = await prerenderPages(path.join(root, 'dist/client'))
  const listed = pages.map((p) => `${path.basename(p.file)} (${(p.bytes / 1024).toFixed(0)} KB)`)
  console.log(`Páginas prerenderizadas: ${listed.join(', ')}`)
  const packed = await precompress(path.join(root, 'dist/client'))
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`
  console.log(
    `Cliente comprimido: ${packed.files} archivos, ${kb(packed.raw)} → ${kb(packed.br)} brotli, ${kb(packed.gzip)} gzip`,
  )
  rmSync(path.join(root, 'dist/server'), { recursive: true, force: true })
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir: path.join(root, 'dist/server'),
    // Chunks: what only ingestion needs (pdfkit, pdf.js, the parsers) loads when ingestion runs, not at every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  writeFileSync(stampFile(root), `${sourceHash(root)}\n`)
  console.log(`Construido en ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll().catch((error) => {
    console.error(error.message)
    process.exit(1)
  })
}
