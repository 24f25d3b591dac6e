import { defineConfig } from 'vitest/config'

// Browser flows: Playwright (playwright-core) driving Debian's chromium against the built app,
// started once by the global setup on a free port with a fresh data folder.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than a signed-in page's first lists take on a loaded two-core
    // machine (CI failed once on it); a poll still fails if its condition never holds.
    expect: { poll: { timeout: 15_000 } },
    // One server, one browser per file. Two files at a time: each signs in its own new accounts and touches no
    // shared row (plans, agents, the outbox), so they are independent; two browsers fit two cores, more thrash.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
