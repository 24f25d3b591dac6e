import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** Everything the build reads; a change to any of them means dist/ is stale. */
const INPUTS = [
  'src',
  'drizzle',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/precompress.mjs',
  'scripts/prerender-pages.mjs',
]

function* files(p) {
  if (!existsSync(p)) return
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue
      yield* files(path.join(p, name))
    }
  } else yield p
}

/** A content hash (not mtimes: a fresh clone gives every file a new mtime). */
export function sourceHash(root) {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file))
      hash.update(readFileSync(file))
    }
  }
  return hash.digest('hex')
}

export const stampFile = (root) => path.join(root, 'dist', '.build-stamp')

export function isBuildFresh(root) {
  const stamp = stampFile(root)
  return (
    existsSync(stamp) &&
    existsSync(path.join(root, 'dist', 'server', 'main.js')) &&
    existsSync(path.join(root, 'dist', 'client', 'index.html')) &&
    readFileSync(stamp, 'utf8').trim() === sourceHash(root)
  )
}
