import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SERVER_PID_FILE } from './cli/open-for-cli'
import { loadConfigOrExit } from './config'
import { prepareEmbeddedDatabase, prepareTaskFromEnv } from './db/prepare-embedded'
import { launcherLink } from './http/launcher-link'
import { startServer } from './server'

async function main() {
  const config = loadConfigOrExit()
  const launcher = launcherLink()
  // The command-line tools check it: PGlite's folder admits one process at a time. Written before a fresh process
  // waits for its turn, so no tool opens the folder between the old process closing it and this one opening it;
  // a process removes it only while it still names it.
  const pidFile = path.join(config.dataDir, SERVER_PID_FILE)
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(pidFile, String(process.pid))
    process.once('exit', () => {
      if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true })
    })
  }
  // A fresh process taking over from another (docs/decisions/0020): PGlite's folder admits one process at a time, so
  // it opens it only once the other has finished its requests and closed it. PostgreSQL is shared: no wait.
  if (launcher && !config.databaseUrl) await launcher.turn()
  const started = Date.now()
  const running = await startServer(config, { prepareEntry: new URL(import.meta.url), launcher })
  const mode = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`
  console.log(`Lexia lista en ${running.url} (${mode}, ${Date.now() - started} ms)`)
  if (config.embeddedMailbox && config.nodeEnv !== 'production') {
    console.log(`Buzón local: ${running.url}/dev/correo`)
  }

  const shutdown = async (why: string) => {
    console.log(`${why}: cerrando…`)
    // PGlite must close cleanly or its data folder needs recovery on the next start; the corpus pass may first
    // have to finish storing a large code or refreshing the index (tens of seconds on the whole folder), and the
    // requests in progress have their own bound (a consultation, the agent's limit).
    const timer = setTimeout(() => process.exit(1), 60_000 + running.drainMs)
    await running.close().catch(() => {})
    clearTimeout(timer)
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  launcher?.onStop((reason) =>
    shutdown(reason === 'relevo' ? 'Relevo por un proceso nuevo' : 'El lanzador terminó'),
  )
}

function readPid(file: string): number | null {
  try {
    return Number(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const fail = (error: unknown) => {
  console.error('No se pudo iniciar Lexia:', error instanceof Error ? error.message : error)
  process.exit(1)
}

// The same bundle is the server and, on a first start, the process that prepares the embedded database.
const prepareTask = prepareTaskFromEnv()
if (prepareTask)
  prepareEmbeddedDatabase(prepareTask)
    .then(() => process.exit(0))
    .catch(fail)
else main().catch(fail)
