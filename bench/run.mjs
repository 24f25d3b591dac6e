#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another (figures, not pass/fail).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const extra = process.argv.slice(3)
const root = path.join(here, '..')
/** Each benchmark and how to run it: plain scripts directly, TypeScript ones through scripts/run-ts.mjs. */
const BENCHES = [
  ['foundation', [path.join(here, 'foundation.mjs')]],
  ['corpus', [path.join(root, 'scripts/run-ts.mjs'), 'bench/corpus-scale.ts']],
  ['corpus', [path.join(here, 'corpus-start.mjs')]],
  ['retrieval', [path.join(root, 'scripts/run-ts.mjs'), 'bench/retrieval/eval.ts']],
  ['consultation', [path.join(here, 'consultation-browser.mjs')]],
  // Lighthouse's mobile preset on /, /auth and the signed-in chat (issue 17's goals).
  ['lighthouse', [path.join(here, 'lighthouse.mjs')]],
  ['overhead', [path.join(root, 'scripts/run-ts.mjs'), 'bench/consultation-overhead.ts']],
  ['recovery', [path.join(root, 'scripts/run-ts.mjs'), 'bench/recovery.ts']],
  // `npm test` itself, step by step (issue 18's goal: at most 3 minutes on 2 cores).
  ['test-suite', [path.join(here, 'test-suite.mjs')]],
]
for (const [name, args] of BENCHES) {
  if (only && name !== only) continue
  console.log(`\n== ${name} ==`)
  const r = spawnSync(process.execPath, [...args, ...extra], { stdio: 'inherit', cwd: root })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
