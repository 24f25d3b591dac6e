import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type AppConfig, loadConfigOrExit } from '../config'
import { type Database, openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { seed } from '../db/seed'

export const SERVER_PID_FILE = 'server.pid'

function serverRunningOn(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8'))
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

/** Config and database for a command-line tool; PGlite's folder admits one process, so a running server stops us. */
export async function openForCli(): Promise<{ config: AppConfig; database: Database }> {
  const config = loadConfigOrExit()
  if (!config.databaseUrl) {
    const pid = serverRunningOn(config.dataDir)
    if (pid) {
      console.error(
        `El servidor (pid ${pid}) está usando la base embebida en ${config.dataDir}. Detenlo antes de continuar, o usa DATABASE_URL.`,
      )
      process.exit(1)
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrate(database)
  await seed(database.db)
  return { config, database }
}
