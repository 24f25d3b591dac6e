import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    // The databases every file starts from, made once per run (src/server/test/database-templates.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite databases are memory-hungry, so keep the pool small.
    maxWorkers: 2,
  },
})
