#!/usr/bin/env node
// Runs a TypeScript entry point of ours (CLIs, benchmarks): bundled by esbuild to a temp file, packages external.
import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('Uso: node scripts/run-ts.mjs ARCHIVO.ts [argumentos…]')
  process.exit(2)
}
// Inside the project, so bare imports resolve against its node_modules.
const outdir = mkdtempSync(path.join(root, 'node_modules', '.run-ts-'))
process.on('exit', () => rmSync(outdir, { recursive: true, force: true }))
const outfile = path.join(outdir, `${path.basename(entry, '.ts')}.mjs`)
await build({
  entryPoints: [path.resolve(root, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
})
process.argv = [process.argv[0], outfile, ...args]
await import(pathToFileURL(outfile).href)
