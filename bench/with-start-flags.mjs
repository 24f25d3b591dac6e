#!/usr/bin/env node
// `node bench/with-start-flags.mjs FILE.ts [args…]`: runs a TypeScript benchmark under npm start's node flags, read
// from package.json. Search time depends on them: the server's 1 MB young generation (decision 0005) made the same
// searches about twice as slow as Node's defaults (decision 0043), so a search figure measured without them is not
// what users get.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { root, startNodeFlags } from './lib.mjs'

const run = spawnSync(
  process.execPath,
  [...startNodeFlags(), path.join(root, 'scripts/run-ts.mjs'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
)
process.exit(run.status ?? 1)
