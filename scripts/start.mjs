#!/usr/bin/env node
// `npm start`: build only when the sources changed since the last build, then serve in this process.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isBuildFresh } from './build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (!isBuildFresh(root)) {
  console.log('Construyendo Lexia (solo la primera vez o tras cambios)…')
  const { buildAll } = await import('./build.mjs')
  await buildAll()
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href)
