// Issue 18: spelling correction of query words against the index's stems, in TypeScript (morphology.ts: an
// in-memory trigram index, as vocabulary.ts builds it) or by pg_trgm (similarity() and `%` over a GIN trigram
// index), on PGlite in memory and on PostgreSQL (TEST_DATABASE_URL). Same stems, same misspelt words: the answers
// of each, their agreement, how many are the word meant, and the latency per word (median and p95 over rounds).
//
//   node --expose-gc scripts/run-ts.mjs bench/morphology-trgm.ts               # corpus_terms of DATABASE_URL or ./data
//   node --expose-gc scripts/run-ts.mjs bench/morphology-trgm.ts --corpus      # every norm's words (the whole folder)
//
// --corpus stems every word of every norm in CORPUS_DIR (or ../shared/corpus)/legalize-pe/pe, with the filter
// finish-index.ts applies to corpus_terms (3 to 40 letters, no digits): the vocabulary of a whole-folder index.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { mostSimilar, soundKey, trigramIndex } from '../src/server/corpus/search/morphology'
import { fold, words } from '../src/server/corpus/search/normalize'
import { openDatabase } from '../src/server/db/client'
import { queryRows } from '../src/server/db/query'
import { projectRoot } from '../src/server/lib/project-root'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
/** morphology.ts's threshold (concepts.ts calls mostSimilar with its default). */
const MIN = 0.5

/**
 * Common legal words people type, folded. Each gets misspelt by the rules below; sound-alike misspellings
 * (b/v, s/c/z, silent h) are soundKey's, tried before trigrams, so the typos here are the keyboard's.
 */
const LEGAL_WORDS =
  `arrendamiento desalojo divorcio pension alimentos herencia testamento contrato despido indemnizacion
vacaciones gratificacion constitucion demanda sentencia apelacion casacion prescripcion caducidad propiedad posesion
usucapion hipoteca embargo garantia fianza compraventa donacion sucesion matrimonio separacion patrimonio sociedad
accionista empresa trabajador empleador remuneracion jornada sindicato huelga tributo impuesto contribuyente
municipalidad licencia infraccion sancion multa delito homicidio robo hurto estafa violacion feminicidio extorsion
corrupcion peculado colusion cohecho lavado narcotrafico fiscal tribunal abogado notario denuncia querella detencion
flagrancia prision libertad condena reparacion responsabilidad negligencia consumidor proveedor reclamo derechos
habeas amparo inconstitucionalidad congreso presidente ministro ordenanza reglamento procedimiento administrativo
notificacion plazo recurso nulidad resolucion expediente audiencia testigo prueba peritaje adopcion tenencia
filiacion paternidad adolescente discapacidad jubilacion seguro accidente enfermedad salud educacion vivienda terreno
inmueble registro partida poder mandato representacion acreedor deudor obligacion intereses pagare cheque quiebra
insolvencia concursal servidumbre copropiedad legitima albacea conviviente union`.split(/\s+/)

/** Neighbouring keys on a Spanish keyboard (the slips a typist makes). */
const NEIGHBOURS: Record<string, string> = {
  a: 'sq',
  b: 'vn',
  c: 'xv',
  d: 'sf',
  e: 'wr',
  f: 'dg',
  g: 'fh',
  h: 'gj',
  i: 'uo',
  j: 'hk',
  k: 'jl',
  l: 'kñ',
  m: 'n',
  n: 'bm',
  o: 'ip',
  p: 'o',
  q: 'w',
  r: 'et',
  s: 'ad',
  t: 'ry',
  u: 'yi',
  v: 'cb',
  w: 'qe',
  x: 'zc',
  y: 'tu',
  z: 'x',
  ñ: 'l',
}

/** A small seeded generator: the same typos on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Two typos of a word, never in its first letter: a letter dropped, two swapped, a neighbour's key, a letter doubled. */
function typos(word: string, next: () => number): string[] {
  const at = () => 1 + Math.floor(next() * (word.length - 2))
  const kinds = [
    (i: number) => word.slice(0, i) + word.slice(i + 1),
    (i: number) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
    (i: number) => {
      const keys = NEIGHBOURS[word[i]!] ?? 'e'
      return word.slice(0, i) + keys[Math.floor(next() * keys.length)] + word.slice(i + 1)
    },
    (i: number) => word.slice(0, i) + word[i] + word.slice(i),
  ]
  const first = Math.floor(next() * kinds.length)
  const second = (first + 1 + Math.floor(next() * (kinds.length - 1))) % kinds.length
  return [kinds[first]!(at()), kinds[second]!(at())].filter((t) => t !== word)
}

type Terms = { word: string; ndoc: number }[]

async function indexTerms(): Promise<Terms> {
  const url = process.env.DATABASE_URL
  const database = await openDatabase(
    url ? { databaseUrl: url } : { dataDir: path.join(projectRoot(), 'data') },
  )
  try {
    return await queryRows<Terms[number]>(database.db, sql`select word, ndoc from corpus_terms`)
  } finally {
    await database.close()
  }
}

async function stemAll(db: PGlite, list: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>()
  for (let i = 0; i < list.length; i += 5000) {
    const chunk = list.slice(i, i + 5000)
    const r = await db.query<{ tok: string; stem: string | null }>(
      `select t.tok, (ts_lexize('spanish_stem', unaccent(t.tok)))[1] as stem from unnest($1::text[]) as t(tok)`,
      [chunk],
    )
    for (const row of r.rows) out.set(row.tok, row.stem)
  }
  return out
}

/** The vocabulary a whole-folder index would hold: stems of every norm's words, df = norms that use them. */
async function corpusTerms(lite: PGlite): Promise<Terms> {
  const dir = path.join(
    process.env.CORPUS_DIR ?? path.resolve(projectRoot(), '../shared/corpus'),
    'legalize-pe/pe',
  )
  const perFile = new Map<string, number>()
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    for (const w of new Set(words(fold(readFileSync(path.join(dir, name), 'utf8'))))) {
      if (w.length >= 3 && w.length <= 40 && !/[0-9]/.test(w)) perFile.set(w, (perFile.get(w) ?? 0) + 1)
    }
  }
  const stems = await stemAll(lite, [...perFile.keys()])
  const df = new Map<string, number>()
  for (const [w, n] of perFile) {
    const s = stems.get(w)
    if (s && s.length >= 3 && !/[0-9]/.test(s)) df.set(s, Math.max(df.get(s) ?? 0, n))
  }
  return [...df].map(([word, ndoc]) => ({ word, ndoc }))
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b)
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1]! }
}

const fmt = (x: number) => (x < 0.1 ? `${(x * 1000).toFixed(1)} µs` : `${x.toFixed(2)} ms`)

type Query = (stem: string) => Promise<string | null>

/**
 * pg_trgm's answer: `%` with the threshold at 0.5 (the GIN index serves it), the same first letter, best
 * similarity, then the commoner stem, then the word (a stable order where TypeScript keeps its first found).
 */
const SQL = `select word from i18m_trgm_terms where word % $1 and left(word, 1) = left($1, 1)
             order by similarity(word, $1) desc, ndoc desc, word limit 1`

async function load(exec: (q: string, p?: unknown[]) => Promise<unknown>, terms: Terms) {
  await exec('create extension if not exists pg_trgm')
  await exec('drop table if exists i18m_trgm_terms')
  await exec('create table i18m_trgm_terms (word text primary key, ndoc integer not null)')
  const t0 = performance.now()
  for (let i = 0; i < terms.length; i += 10000) {
    const chunk = terms.slice(i, i + 10000)
    await exec('insert into i18m_trgm_terms select * from unnest($1::text[], $2::int[])', [
      chunk.map((t) => t.word),
      chunk.map((t) => t.ndoc),
    ])
  }
  await exec('create index i18m_trgm_terms_idx on i18m_trgm_terms using gin (word gin_trgm_ops)')
  await exec('analyze i18m_trgm_terms')
  await exec('select set_limit(0.5)')
  return performance.now() - t0
}

/** Every stem once per round; the first round warms caches and is not counted. */
async function time(query: Query, stems: string[]) {
  const answers = new Map<string, string | null>()
  for (const s of stems) answers.set(s, await query(s))
  const ms: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of stems) {
      const t0 = performance.now()
      await query(s)
      ms.push(performance.now() - t0)
    }
  }
  return { answers, ...stats(ms) }
}

/** All stems in one statement, as one search's unknown words would go (unnest + lateral). */
const BATCH = `select t.tok, f.word from unnest($1::text[]) as t(tok) left join lateral (
                 select word from i18m_trgm_terms where word % t.tok and left(word, 1) = left(t.tok, 1)
                 order by similarity(word, t.tok) desc, ndoc desc, word limit 1) f on true`

async function main() {
  const lite = await PGlite.create({ extensions: { unaccent, pg_trgm } })
  await lite.exec('create extension unaccent; create extension pg_trgm')
  const fromCorpus = process.argv.includes('--corpus')
  const terms = fromCorpus ? await corpusTerms(lite) : await indexTerms()
  if (!terms.length) throw new Error('El índice no tiene vocabulario: ingiera el corpus o use --corpus')
  const df = new Map(terms.map((t) => [t.word, t.ndoc]))
  console.log(
    `Vocabulario: ${terms.length} raíces (${fromCorpus ? 'todas las normas del corpus' : 'corpus_terms'})`,
  )

  // The misspelt words: their stems, kept only where the index does not know them (the only ones corrected).
  const next = random(18)
  const pairs = LEGAL_WORDS.flatMap((w) => typos(w, next).map((t) => ({ meant: w, typed: t })))
  const stems = await stemAll(lite, [...new Set(pairs.flatMap((p) => [p.meant, p.typed]))])
  const cases = pairs
    .map((p) => ({ ...p, meantStem: stems.get(p.meant)!, stem: stems.get(p.typed) }))
    .filter((c): c is typeof c & { stem: string } => !!c.stem && c.stem.length >= 4 && !df.has(c.stem))
  const unique = [...new Set(cases.map((c) => c.stem))]
  console.log(`Palabras mal escritas: ${pairs.length} generadas, ${cases.length} desconocidas para el índice`)

  // TypeScript: the index vocabulary.ts builds, its cost and memory, then mostSimilar per word.
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const heap0 = process.memoryUsage().heapUsed
  const b0 = performance.now()
  const index = trigramIndex(df.keys())
  const buildMs = performance.now() - b0
  gc?.()
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20
  const ts = await time(async (s) => mostSimilar(s, index, (x) => df.get(x) ?? 0, MIN), unique)
  console.log(
    `TypeScript: índice en ${buildMs.toFixed(0)} ms, ${gc ? `${heapMb.toFixed(1)} MB de heap` : 'heap sin medir (--expose-gc)'}; ` +
      `por palabra mediana ${fmt(ts.median)}, p95 ${fmt(ts.p95)}, máx ${fmt(ts.max)}`,
  )

  const backends: {
    name: string
    exec: (q: string, p?: unknown[]) => Promise<{ rows: unknown[] }>
    close(): Promise<void>
  }[] = [{ name: 'PGlite (memoria)', exec: (q, p) => lite.query(q, p), close: () => lite.close() }]
  if (process.env.TEST_DATABASE_URL) {
    // One connection: set_limit is per session (with a pool, each connection would need it).
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await client.connect()
    backends.push({
      name: 'PostgreSQL',
      exec: (q, p) => client.query(q, p as unknown[]),
      close: async () => {
        await client.query('drop table if exists i18m_trgm_terms')
        await client.end()
      },
    })
  }
  const results: Record<string, Map<string, string | null>> = { TypeScript: ts.answers }
  for (const b of backends) {
    const loadMs = await load(b.exec, terms)
    const r = await time(
      async (s) => ((await b.exec(SQL, [s])).rows[0] as { word: string } | undefined)?.word ?? null,
      unique,
    )
    const batch: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now()
      await b.exec(BATCH, [unique])
      batch.push(performance.now() - t0)
    }
    const bs = stats(batch)
    results[b.name] = r.answers
    console.log(
      `pg_trgm, ${b.name}: tabla e índice GIN en ${loadMs.toFixed(0)} ms; por palabra mediana ${fmt(r.median)}, ` +
        `p95 ${fmt(r.p95)}, máx ${fmt(r.max)}; las ${unique.length} en una consulta: mediana ${fmt(bs.median)} ` +
        `(${fmt(bs.median / unique.length)} por palabra)`,
    )
  }

  // Answers: agreement with TypeScript, and how many are the stem of the word meant (after soundKey, as concepts.ts).
  const bySound = new Map<string, string>()
  for (const { word, ndoc } of terms) {
    const best = bySound.get(soundKey(word))
    if (best === undefined || (df.get(best) ?? 0) < ndoc) bySound.set(soundKey(word), word)
  }
  for (const [name, answers] of Object.entries(results)) {
    const right = cases.filter((c) => answers.get(c.stem) === c.meantStem).length
    const none = cases.filter((c) => answers.get(c.stem) === null).length
    const viaSound = cases.filter(
      (c) => (bySound.get(soundKey(c.stem)) ?? answers.get(c.stem)) === c.meantStem,
    ).length
    const agree = unique.filter((s) => answers.get(s) === ts.answers.get(s)).length
    console.log(
      `${name}: ${right}/${cases.length} corrigen a la palabra buscada (${viaSound} con soundKey antes), ` +
        `${none} sin corrección; coincide con TypeScript en ${agree}/${unique.length}`,
    )
    if (name !== 'TypeScript') {
      for (const s of unique.filter((x) => answers.get(x) !== ts.answers.get(x)).slice(0, 10))
        console.log(`  ${s}: TypeScript ${ts.answers.get(s)}, ${name} ${answers.get(s)}`)
    }
  }
  for (const b of backends) await b.close()
}

await main()
