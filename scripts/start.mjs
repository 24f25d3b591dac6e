#!/usr/bin/env node
// `npm start`: build only when the sources changed since the last build, then serve. On Linux the server runs in a
// child process started with glibc's allocator tuned (server-process.mjs; docs/decisions/0020); elsewhere in this one.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isBuildFresh } from './build-stamp.mjs'
import { runServerProcess, tunesMalloc } from './server-process.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

if (!isBuildFresh(root)) {
  console.log('Construyendo Lexia (solo la primera vez o tras cambios)…')
  const { buildAll } = await import('./build.mjs')
  await buildAll()
}
const entry = path.join(root, 'dist/server/main.js')
if (tunesMalloc()) process.exitCode = await runServerProcess(entry)
else await import(pathToFileURL(entry).href)
