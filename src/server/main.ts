import { ConfigError, loadConfig } from './config'
import { startServer } from './server'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const started = Date.now()
  const running = await startServer(config)
  const mode = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`
  console.log(`Lexia lista en ${running.url} (${mode}, ${Date.now() - started} ms)`)
  if (config.embeddedMailbox && config.nodeEnv !== 'production') {
    console.log(`Buzón local: ${running.url}/dev/correo`)
  }

  const shutdown = async (signal: string) => {
    console.log(`${signal}: cerrando…`)
    // PGlite must close cleanly or its data folder needs recovery on the next start.
    const timer = setTimeout(() => process.exit(1), 10_000)
    await running.close().catch(() => {})
    clearTimeout(timer)
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar Lexia:', error instanceof Error ? error.message : error)
  process.exit(1)
})
