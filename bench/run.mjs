#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another (figures, not pass/fail).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const BENCHES = ['foundation.mjs']
for (const bench of BENCHES) {
  if (only && !bench.startsWith(only)) continue
  const r = spawnSync(process.execPath, [path.join(here, bench)], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
