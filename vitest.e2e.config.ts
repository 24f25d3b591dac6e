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
    // One server, one browser per file; files run one after another to keep two cores calm.
    fileParallelism: false,
  },
})
