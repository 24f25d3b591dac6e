// The pages rendered at build time (decision 0032): src/client/prerender/ bundled for Node by esbuild (as
// scripts/run-ts.mjs runs our TypeScript), then run against the client Vite just built.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleDir, bundleForNode } from './bundle-for-node.mjs'

/** Writes the prerendered pages into the built client (dist/client); returns their paths and sizes. */
export async function prerenderPages(clientDir) {
  const outdir = bundleDir('.prerender-')
  try {
    const outfile = path.join(outdir, 'prerender-pages.mjs')
    await bundleForNode('src/client/prerender/prerender-pages.tsx', outfile, {
      // What Vite would replace in a production build of the same modules.
      define: { 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
    })
    const { prerenderPages } = await import(pathToFileURL(outfile).href)
    return await prerenderPages(clientDir)
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}
