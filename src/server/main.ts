import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SERVER_PID_FILE } from './cli/open-for-cli'
import { loadConfigOrExit } from './config'
import { prepareEmbeddedDatabase, prepareTaskFromEnv } from './db/prepare-embedded'
import { startServer } from './server'

async function main() {
  const config = loadConfigOrExit()
  const started = Date.now()
  // The command-line tools check it: PGlite's folder admits one process at a time.
  const pidFile = path.join(config.dataDir, SERVER_PID_FILE)
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(pidFile, String(process.pid))
    process.once('exit', () => rmSync(pidFile, { force: true }))
  }
  const running = await startServer(config, { prepareEntry: new URL(import.meta.url) })
  const mode = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`
  console.log(`Lexia lista en ${running.url} (${mode}, ${Date.now() - started} ms)`)
  if (config.embeddedMailbox && config.nodeEnv !== 'production') {
    console.log(`Buzón local: ${running.url}/dev/correo`)
  }

  const shutdown = async (signal: string) => {
    console.log(`${signal}: cerrando…`)
    // PGlite must close cleanly or its data folder needs recovery on the next start; the corpus pass may first
    // have to finish storing a large code or refreshing the index (tens of seconds on the whole folder).
    const timer = setTimeout(() => process.exit(1), 60_000)
    await running.close().catch(() => {})
    clearTimeout(timer)
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
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
