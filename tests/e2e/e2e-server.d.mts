export declare const E2E_SERVER_ENV: 'LEXIA_E2E_SERVER'

export type E2eServer = {
  baseUrl: string
  dataDir: string
  /** Settles when the server answers /api/health; rejects with its output if it exits or does not answer. */
  ready: Promise<void>
  /** What it wrote to stderr so far. */
  output(): string
  pid: number | undefined
  /** Ends the server and removes its data folder. */
  stop(): Promise<void>
}

/** Starts the built server (dist/) as `npm start` does, on a free port and a fresh data folder. */
export declare function startE2eServer(root: string, options?: { echo?: boolean }): Promise<E2eServer>
