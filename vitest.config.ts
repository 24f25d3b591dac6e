import { defineConfig } from 'vitest/config'

// Two projects, because their files differ in what a fresh module graph buys (docs/decisions/0030):
// - server (and the scripts and bench tests that drive it): one module graph per worker, `isolate: false`. Each file
//   otherwise loaded the app, better-auth, Drizzle and PGlite's 9 MB WebAssembly again — most of the suite's CPU.
//   These files hold their state in what they create (a test app, a database), never in module variables they
//   mutate, and put back what they change in process.env.
// - client (and shared): isolated, as before. Their files mock modules (`vi.mock`) and render into a DOM, which a
//   shared graph would carry from one file into the next.
export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite databases are memory-hungry, so keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          isolate: false,
          // The databases every file starts from, made once per run (src/server/test/database-templates.ts).
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})
