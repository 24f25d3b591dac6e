// Our TypeScript bundled by esbuild into one ES module Node can import (packages left external, so the project's
// node_modules serve them): how scripts/run-ts.mjs runs CLIs and benchmarks, and how the build prerenders pages.
import { mkdtempSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A temporary folder inside the project, so bare imports of the bundle resolve against its node_modules. */
export const bundleDir = (prefix) => mkdtempSync(path.join(projectRoot, 'node_modules', prefix))

/** Bundles `entry` to `outfile`; `options` adds to or overrides esbuild's (a sourcemap, `define`). */
export async function bundleForNode(entry, outfile, options = {}) {
  await build({
    entryPoints: [path.resolve(projectRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    ...options,
  })
}
