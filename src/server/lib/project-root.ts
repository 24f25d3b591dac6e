import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

let cached: string | undefined

/**
 * The folder holding package.json, found by walking up from this module: the same code runs from
 * `src/server/...` (tests, tsx) and from the bundle in `dist/server/`.
 */
export function projectRoot(): string {
  if (cached) return cached
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('No se encontró package.json sobre el servidor')
    dir = parent
  }
  cached = dir
  return dir
}
