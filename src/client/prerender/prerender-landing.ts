import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { LANDING_PAGE_FILE } from '../../shared/prerendered-pages'
import { type BuiltManifest, landingDocument, landingScriptFiles } from './landing-document'
import { renderLanding } from './landing-markup'

/** Writes the prerendered landing page beside the built index.html (scripts/build.mjs, after Vite). */
export async function prerenderLanding(clientDir: string): Promise<{ file: string; bytes: number }> {
  const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as BuiltManifest
  const page = landingDocument(indexHtml, await renderLanding(), landingScriptFiles(manifest))
  const file = path.join(clientDir, LANDING_PAGE_FILE)
  writeFileSync(file, page)
  return { file, bytes: Buffer.byteLength(page) }
}
