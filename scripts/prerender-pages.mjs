// The pages rendered at build time (decision 0032): src/client/prerender/ bundled for Node by esbuild (as
// scripts/run-ts.mjs runs our TypeScript), then run against the client Vite just built.
import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Writes the prerendered pages into the built client (dist/client); returns their paths and sizes. */
export async function prerenderPages(clientDir) {
  // Inside the project, so bare imports resolve against its node_modules.
  const outdir = mkdtempSync(path.join(root, 'node_modules', '.prerender-'))
  try {
    const outfile = path.join(outdir, 'prerender-pages.mjs')
    await build({
      entryPoints: [path.join(root, 'src/client/prerender/prerender-pages.tsx')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      // What Vite would replace in a production build of the same modules.
      define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
      logLevel: 'warning',
    })
    const { prerenderPages } = await import(pathToFileURL(outfile).href)
    return await prerenderPages(clientDir)
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}
