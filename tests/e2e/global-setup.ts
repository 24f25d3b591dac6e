import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { E2E_SERVER_ENV, startE2eServer } from './e2e-server.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The server's data folder: the settle command reads the sandbox's webhook secret there. */
    dataDir: string
  }
}

/**
 * The built server (dist/) the flows run against, started exactly as `npm start` does (e2e-server.mjs). `npm test`
 * starts it earlier, beside Vitest, and names it in E2E_SERVER_ENV; then it is used as it is and left to its owner.
 */
export default async function setup(project: TestProject) {
  const started = process.env[E2E_SERVER_ENV]
  if (started) {
    const { baseUrl, dataDir } = JSON.parse(started) as { baseUrl: string; dataDir: string }
    project.provide('baseUrl', baseUrl)
    project.provide('dataDir', dataDir)
    return
  }
  const server = await startE2eServer(path.resolve(import.meta.dirname, '../..'))
  try {
    await server.ready
  } catch (error) {
    await server.stop()
    throw error
  }
  project.provide('baseUrl', server.baseUrl)
  project.provide('dataDir', server.dataDir)
  return () => server.stop()
}
