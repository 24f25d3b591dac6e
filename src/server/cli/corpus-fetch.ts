// npm run corpus:fetch -- [--base-url URL] [--list FILE] [--out DIR] [NAMES...]
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fetchNorms } from '../corpus/ingest/fetch'
import { loadPackManifest } from '../corpus/pack/manifest'

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const optionValues = new Set(['--base-url', '--list', '--out'].map((o) => option(o)).filter(Boolean))
// The country pack says where its norms are published and which form the demo subset (packs/pe/pack.json).
const manifest = loadPackManifest()
const baseUrl = option('--base-url') ?? process.env.CORPUS_FETCH_BASE_URL ?? manifest.corpus.fetchBaseUrl
if (!baseUrl) {
  console.error(
    'El paquete del país no indica de dónde descargar normas: usa --base-url o CORPUS_FETCH_BASE_URL.',
  )
  process.exit(2)
}
const listFile = option('--list')
const outDir = path.resolve(option('--out') ?? process.env.CORPUS_DIR ?? 'corpus')
const named = args.filter((a) => !a.startsWith('--') && !optionValues.has(a))
const names = listFile
  ? readFileSync(listFile, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
  : named.length
    ? named
    : manifest.demoNorms

console.log(`Descargando ${names.length} normas de ${baseUrl} a ${outDir}`)
const summary = await fetchNorms({ baseUrl, names, outDir, manifest })
console.log(
  `Descargadas ${summary.downloaded.length} · sin cambios ${summary.unchanged.length} · con error ${summary.failed.length}`,
)
for (const f of summary.failed) console.log(`  ${f.name}: ${f.reason}`)
process.exit(summary.failed.length ? 1 : 0)
