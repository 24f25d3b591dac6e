#!/usr/bin/env node
// Runs a TypeScript entry point of ours (CLIs, benchmarks): bundled by esbuild to a temp file, packages external.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleDir, bundleForNode } from './bundle-for-node.mjs'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('Uso: node scripts/run-ts.mjs ARCHIVO.ts [argumentos…]')
  process.exit(2)
}
const outdir = bundleDir('.run-ts-')
process.on('exit', () => rmSync(outdir, { recursive: true, force: true }))
const outfile = path.join(outdir, `${path.basename(entry, '.ts')}.mjs`)
await bundleForNode(entry, outfile, { sourcemap: 'inline' })
process.argv = [process.argv[0], outfile, ...args]
await import(pathToFileURL(outfile).href)
