#!/usr/bin/env node
// `npm run dev`: the API server from the TypeScript sources, restarted when they change (tsx watch), and Vite's dev
// server with hot reload in front of it (vite.config.ts forwards /api and /dev to the API server). Open Vite's URL.
// Either process ending ends the other; Ctrl-C ends both, the server closing PGlite first.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const apiPort = Number(process.env.PORT ?? 3000)
const vitePort = Number(process.env.VITE_PORT ?? 5173)

/** Each child in its own process group: a terminal's Ctrl-C reaches it once, through here (as server-process.mjs). */
function run(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: process.platform !== 'win32',
  })
  child.once('error', (error) => {
    console.error(`${name}: ${error.message}`)
    stop('SIGTERM')
  })
  return child
}

const children = [
  // --clear-screen=false keeps the server's earlier lines (the mailbox link, the corpus progress) on screen.
  run(
    'servidor',
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'],
    {
      PORT: String(apiPort),
    },
  ),
  run(
    'vite',
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(vitePort), '--strictPort'],
    {
      LEXIA_API_URL: `http://localhost:${apiPort}`,
    },
  ),
]

const alive = (child) => child.exitCode === null && child.signalCode === null
const signalled = new Set()
/** Once per child: a second signal makes tsx kill the server with SIGKILL, before PGlite has closed. */
function stop(signal) {
  for (const child of children) {
    if (!alive(child) || signalled.has(child)) continue
    signalled.add(child)
    child.kill(signal)
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal))
let exitCode = 0
for (const child of children)
  child.once('exit', (code) => {
    if (code) exitCode = code
    stop('SIGTERM')
    if (children.every((c) => !alive(c))) process.exit(exitCode)
  })

console.log(`Lexia en desarrollo: abre http://localhost:${vitePort} (API en http://localhost:${apiPort})`)
