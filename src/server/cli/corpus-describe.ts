// npm run corpus:describe -- [--all | --demo | NORMS...] [--limit N] [--concurrency N]
//                            [--export DIR | --import DIR --model-name NAME]
// npm run corpus:describe -- --articles [--top N [--min-cited C]] [--areas] | NORMS...] [--limit BATCHES] [--concurrency N]
//                            [--export DIR | --import DIR --model-name NAME]
import path from 'node:path'
import { loadConfigOrExit } from '../config'
import {
  type ArticleSummary,
  describeArticles,
  exportArticlePrompts,
  importArticleAnswers,
} from '../corpus/describe/articles'
import {
  type DescribeSummary,
  describeNorms,
  exportPrompts,
  importAnswers,
} from '../corpus/describe/describe'
import { type Chosen, chooseAreaNorms, chooseNorms, mostCitedNorms } from '../corpus/describe/most-cited'
import type { DescribeSelection } from '../corpus/describe/select'
import { resolveCorpusDir } from '../corpus/ingest/corpus-dir'
import { descriptorsDir, loadDescribeRules, loadDomains, normDescriptorsDir } from '../corpus/pack/pack-data'
import { packDir } from '../corpus/pack/pack-dir'
import { openForCli } from './open-for-cli'

const USAGE = `Uso: npm run corpus:describe -- [--all | --demo | NORMAS...] [--limit N] [--concurrency N]
       npm run corpus:describe -- [--all | --demo | NORMAS...] [--limit N] --export CARPETA
       npm run corpus:describe -- --import CARPETA --model-name NOMBRE
       npm run corpus:describe -- --articles [--top N [--min-cited C]] [--areas] | NORMAS...] [--limit LOTES]
                                  [--concurrency N] [--export CARPETA]
       npm run corpus:describe -- --articles --import CARPETA --model-name NOMBRE

--articles: descriptores por artículo (packs/pe/descriptors/). --top N toma, de la base que abre corpus:ingest,
las N normas más citadas por otras (corpus_citations; al menos C citas, 1 por defecto; 0: también las no citadas) que tienen artículos, no
están duplicadas bajo otra norma y no tienen descriptores escritos a mano. --areas añade, con las mismas reglas,
las normas que las áreas del paquete (domains.json) nombran como las que rigen cada área.`

const args = process.argv.slice(2)
const VALUED = ['--limit', '--concurrency', '--export', '--import', '--model-name', '--top', '--min-cited']
const FLAGS = ['--all', '--demo', '--help', '--articles', '--areas']
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const valueAt = new Set(VALUED.filter((o) => args.includes(o)).map((o) => args.indexOf(o) + 1))
const named = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i))
const unknown = args.filter((a) => a.startsWith('--') && !VALUED.includes(a) && !FLAGS.includes(a))

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}

function count(name: string, fallback: number | undefined, max: number, min = 1): number | undefined {
  const raw = option(name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} debe ser un entero entre ${min} y ${max}`)
  return n
}

if (args.includes('--help')) {
  console.log(USAGE)
  process.exit(0)
}
if (unknown.length) fail(`Opción desconocida: ${unknown.join(', ')}`)
for (const o of VALUED)
  if (args.includes(o) && (!option(o) || option(o)!.startsWith('--'))) fail(`${o} necesita un valor`)
const limit = count('--limit', undefined, 1_000_000)
const concurrency = count('--concurrency', 2, 16)!
const exportDir = option('--export')
const importDir = option('--import')
const modelName = option('--model-name')?.trim()
if (exportDir && importDir) fail('--export y --import no van juntos')
if (importDir && !modelName) fail('--import necesita --model-name: quién escribió las respuestas')
if (modelName && modelName.length > 200) fail('--model-name admite hasta 200 caracteres')
if ([args.includes('--all'), args.includes('--demo'), named.length > 0].filter(Boolean).length > 1)
  fail('Elige una sola selección: --all, --demo o normas dadas')
const articlesMode = args.includes('--articles')
const top = count('--top', undefined, 10_000)
const areas = args.includes('--areas')
// --min-cited 0 takes the norms no other norm cites too, after the cited ones (the rule's order).
const minCited = count('--min-cited', 1, 1_000_000, 0)!
if (!articlesMode && (top || areas || args.includes('--min-cited')))
  fail('--top, --areas y --min-cited van con --articles')
if (articlesMode && (args.includes('--all') || args.includes('--demo')))
  fail('Con --articles elige las normas con --top N, --areas o dándolas')
if (articlesMode && !importDir && !(top || areas) === !named.length)
  fail('Con --articles elige las normas con --top N y/o --areas, o dándolas (no ambas cosas)')
if (args.includes('--min-cited') && !top) fail('--min-cited va con --top')
let selection: DescribeSelection = args.includes('--all')
  ? { kind: 'all' }
  : named.length
    ? { kind: 'named', names: named }
    : { kind: 'demo' }

const config = loadConfigOrExit()
const corpusDir = resolveCorpusDir(config.corpusDir)
if (!corpusDir && !importDir) {
  console.error(
    'No se encontró la carpeta del corpus: define CORPUS_DIR (o deja ../shared/corpus junto al proyecto).',
  )
  process.exit(1)
}
if (!exportDir && !importDir && !config.llm) {
  console.error(
    'No hay modelo: define LLM_BASE_URL y LLM_MODEL (y LLM_API_KEY si el servicio la pide), o usa --export CARPETA para describir sin modelo.',
  )
  process.exit(1)
}

if (articlesMode && (top || areas) && !importDir) {
  // The ranking is the index's: the database corpus:ingest fills (DATABASE_URL, or the embedded one in DATA_DIR).
  const { database } = await openForCli()
  const ranked = await mostCitedNorms(database.db, areas ? 0 : minCited)
  await database.close()
  if (!ranked.length) {
    console.error('La base no tiene normas: ingiere antes el corpus (npm run corpus:ingest -- --all).')
    process.exit(1)
  }
  const rules = loadDescribeRules().articleNorms
  const names = new Set<string>()
  const report = (heading: string, { chosen, passed }: Chosen) => {
    console.log(heading)
    for (const n of chosen) console.log(`  ${n.identifier}: citada por ${n.cited}, ${n.articles} artículos`)
    if (passed.length)
      console.log(`Pasadas por alto: ${passed.map((p) => `${p.identifier} (${p.reason})`).join(', ')}`)
    for (const n of chosen) names.add(n.sourcePath)
  }
  if (top) {
    const cited = ranked.filter((n) => n.cited >= minCited)
    report(
      `Las normas más citadas (al menos ${minCited} citas) sin descriptores a mano, hasta ${top}:`,
      chooseNorms(cited, packDir(), top, rules.skipTitlePhrases),
    )
  }
  if (areas) {
    const inAreas = new Set(loadDomains().flatMap((d) => d.identifiers))
    report(
      'Las normas que rigen las áreas del paquete (domains.json) sin descriptores a mano:',
      chooseAreaNorms(ranked, inAreas, packDir(), rules.skipTitlePhrases),
    )
  }
  selection = { kind: 'named', names: [...names] }
}

// Ctrl-C: finish cleanly (no new norm, calls under way abandoned, every file whole); a second one quits at once.
const controller = new AbortController()
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(130)
  console.log('\nInterrumpido: no se empiezan más normas (Ctrl-C otra vez para salir ya).')
  controller.abort()
})

const log = (line: string) => console.log(line)
const which =
  selection.kind === 'all'
    ? 'todas las normas'
    : selection.kind === 'demo'
      ? 'las normas de demostración'
      : `${selection.names.length} normas`
let summary: DescribeSummary
let verb: string
let articleSummary: ArticleSummary | null = null
if (articlesMode) {
  const common = { corpusDir: corpusDir ?? '', signal: controller.signal, log }
  if (importDir) {
    console.log(`Importando lotes de artículos de ${path.resolve(importDir)} (escritos por ${modelName})`)
    articleSummary = await importArticleAnswers({
      ...common,
      inDir: path.resolve(importDir),
      modelName: modelName!,
    })
    verb = 'importados'
  } else if (exportDir) {
    console.log(`Exportando los lotes de artículos de ${which} a ${path.resolve(exportDir)}`)
    articleSummary = await exportArticlePrompts({
      ...common,
      selection,
      limit,
      outDir: path.resolve(exportDir),
    })
    verb = 'exportados'
  } else {
    console.log(`Describiendo los artículos de ${which} con ${config.llm!.model} (${concurrency} a la vez)`)
    articleSummary = await describeArticles({ ...common, selection, limit, concurrency, llm: config.llm! })
    verb = 'descritos'
  }
  summary = articleSummary
} else if (importDir) {
  console.log(`Importando respuestas de ${path.resolve(importDir)} (escritas por ${modelName})`)
  summary = await importAnswers({
    corpusDir: corpusDir ?? '',
    inDir: path.resolve(importDir),
    modelName: modelName!,
    signal: controller.signal,
    log,
  })
  verb = 'importadas'
} else if (exportDir) {
  console.log(`Exportando los prompts de ${which} a ${path.resolve(exportDir)}`)
  summary = await exportPrompts({
    corpusDir: corpusDir!,
    selection,
    limit,
    outDir: path.resolve(exportDir),
    signal: controller.signal,
    log,
  })
  verb = 'exportadas'
} else {
  console.log(`Describiendo ${which} con ${config.llm!.model} (${concurrency} a la vez)`)
  summary = await describeNorms({
    corpusDir: corpusDir!,
    selection,
    limit,
    concurrency,
    llm: config.llm!,
    signal: controller.signal,
    log,
  })
  verb = 'descritas'
}

const s = (n: number) => n.toLocaleString('es-PE')
if (articleSummary)
  console.log(
    `\nLotes ${verb}: ${s(summary.done.length)} (${s(articleSummary.articles)} artículos) · artículos sin cambios ${s(summary.unchanged)} · escritos a mano ${s(articleSummary.handWritten)} · normas sin artículos ${s(summary.stubs)} · duplicadas ${s(summary.duplicates.length)} · lotes pendientes ${s(summary.pending)} · con error ${s(summary.failed.length)}`,
  )
else
  console.log(
    `\nNormas ${verb}: ${s(summary.done.length)} · sin cambios ${s(summary.unchanged)} · sin artículos ${s(summary.stubs)} · duplicadas ${s(summary.duplicates.length)} · pendientes ${s(summary.pending)} · con error ${s(summary.failed.length)}`,
  )
if (summary.done.length && !exportDir)
  console.log(`Descriptores en ${articleSummary ? descriptorsDir() : normDescriptorsDir()}`)
if (summary.duplicates.length) {
  console.log('\nDuplicadas (se describe la primera):')
  for (const d of summary.duplicates) console.log(`  ${d}`)
}
if (summary.failed.length) {
  console.log('\nCon error:')
  for (const f of summary.failed) console.log(`  ${f.name}: ${f.reason}`)
}
if (summary.interrupted) console.log('\nInterrumpido: vuelve a ejecutar para continuar donde quedó.')
process.exit(summary.interrupted ? 130 : summary.failed.length ? 1 : 0)
