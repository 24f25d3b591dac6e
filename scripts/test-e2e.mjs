#!/usr/bin/env node
// `npm run test:e2e [-- FILES…] [-- -t NAME]`: the browser flows against the built app. Builds first when the sources
// changed since the last build (as `npm start` does); the flows need Debian's chromium at /usr/bin/chromium.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBuildFresh } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (!existsSync('/usr/bin/chromium')) {
  console.error('Falta /usr/bin/chromium. Instálalo con: sudo apt-get install chromium')
  process.exit(1)
}
if (!isBuildFresh(root)) {
  console.log('Construyendo Lexia (las pruebas en el navegador usan el cliente y el servidor construidos)…')
  const { buildAll } = await import('./build.mjs')
  await buildAll()
}
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
const args = ['run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]
process.exit(spawnSync(process.execPath, [vitest, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1)
