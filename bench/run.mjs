#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another (figures, not pass/fail).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const root = path.join(here, '..')
/** Each benchmark and how to run it: plain scripts directly, TypeScript ones through scripts/run-ts.mjs. */
const BENCHES = [
  ['foundation', [path.join(here, 'foundation.mjs')]],
  ['corpus', [path.join(root, 'scripts/run-ts.mjs'), 'bench/corpus-scale.ts']],
  ['corpus', [path.join(here, 'corpus-start.mjs')]],
  ['retrieval', [path.join(root, 'scripts/run-ts.mjs'), 'bench/retrieval/eval.ts']],
  ['consultation', [path.join(here, 'consultation-browser.mjs')]],
  ['overhead', [path.join(root, 'scripts/run-ts.mjs'), 'bench/consultation-overhead.ts']],
  ['recovery', [path.join(root, 'scripts/run-ts.mjs'), 'bench/recovery.ts']],
]
for (const [name, args] of BENCHES) {
  if (only && name !== only) continue
  console.log(`\n== ${name} ==`)
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
