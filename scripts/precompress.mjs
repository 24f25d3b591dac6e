// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built client, so the server
// sends bytes compressed once at build time at the highest levels instead of compressing on every request.
// node:zlib does both formats at full strength: a Vite plugin would add a dependency for this one loop.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text formats the client ships; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|md|txt|map|webmanifest)$/
/** Below this, the headers a compressed response adds outweigh what it saves. */
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (entry.isFile()) yield full
  }
}

/** Compresses `dir`'s files in place; returns how many files got copies and their sizes before and after. */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 }
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue
    const body = await readFile(file)
    if (body.length < MIN_BYTES) continue
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ])
    // A copy that saves nothing only costs a disk read: the server then sends the file as it is.
    if (br.length < body.length) await writeFile(`${file}.br`, br)
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped)
    totals.files++
    totals.raw += body.length
    totals.br += Math.min(br.length, body.length)
    totals.gzip += Math.min(gzipped.length, body.length)
  }
  return totals
}
