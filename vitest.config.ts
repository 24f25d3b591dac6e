import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

const CLIENT = ['src/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}']

/**
 * Test files that replace modules (`vi.mock`): found by reading them, so a new one is isolated without anyone
 * listing it. In a shared module graph a mock comes too late when another file imported the real module first.
 */
function filesThatMock(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(f, 'utf8')))
}
const MOCKING = filesThatMock('src')

// Test files share one module graph per worker (`isolate: false`) unless they mock modules (docs/decisions/0030):
// loading the app, better-auth, Drizzle, PGlite's 9 MB WebAssembly — or React, Chakra and happy-dom — again for
// every file was most of the suite's CPU. So a test file keeps its state in what it creates (a test app, a database,
// a rendered tree it unmounts) and puts back what it changes in process.env; never in module variables it mutates.
export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is short for a loaded two-core machine; a poll still fails if its condition
    // never holds.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: PGlite databases are memory-hungry, so keep the pool small.
    maxWorkers: 2,
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...MOCKING, 'node_modules', 'dist', 'tests/e2e/**'],
          // The databases every file starts from, made once per run (src/server/test/database-templates.ts).
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'client', include: CLIENT, exclude: [...MOCKING, 'node_modules', 'dist'] },
      },
      // The files that mock modules, each in a fresh graph.
      { extends: true, test: { name: 'mocks', include: MOCKING, isolate: true } },
    ],
  },
})
