#!/usr/bin/env node
// Checks bench/retrieval/questions.json: the shape of every item, and that every (identifier, article) answer
// exists as an article heading in its legalize-pe file, a file of the demo subset. Prints each problem and exits 1
// if there is any. An answer whose number heads more than one article in its file is reported as a warning.
//
//   node bench/retrieval/check-questions.mjs [questions.json]
//
// The corpus is found as the app finds it: $CORPUS_DIR, else ../shared/corpus beside the project. Norm files are
// matched by their front matter `identifier:`, not by file name.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const questionsPath = process.argv[2] ?? path.join(here, 'questions.json')
const corpusDir = path.resolve(
  process.env.CORPUS_DIR || path.join(here, '..', '..', '..', 'shared', 'corpus'),
)
const normsDir = path.join(corpusDir, 'legalize-pe', 'pe')
const demoList = path.join(corpusDir, 'demo-normas.txt')

const TOPICS = new Set([
  'constitucional',
  'laboral',
  'penal',
  'civil',
  'familia',
  'consumidor',
  'tributario',
  'procesal',
  'administrativo',
  'datos',
  'niños',
  // The whole folder's questions (questions-wide.json) reach further.
  'empresa',
  'salud',
  'educacion',
  'transito',
  'ambiente',
  'municipal',
  'otros',
])
const STYLES = new Set([
  'coloquial',
  'sin-tildes',
  'situacional',
  'referencia-directa',
  'abreviatura',
  'mal-escrito',
  'nombre-comun',
])
const SPLITS = new Set(['tune', 'holdout', 'fresh', 'judge', 'wide', 'sealed', 'tune-wide'])
/** Splits whose answers lie outside the demo subset (the whole folder). */
const WIDE = new Set(['wide', 'sealed', 'tune-wide'])

const ORDINALS = {
  primero: 'primero',
  segundo: 'segundo',
  tercero: 'tercero',
  cuarto: 'cuarto',
  quinto: 'quinto',
  unico: 'unico',
  único: 'unico',
}

/**
 * An article heading line, in the styles legalize-pe uses:
 *   'Artículo 112. [Duración…]', 'Artículo 1969.- …', '#### **Artículo 1132.- …**', '**Artículo 1** **. Objeto**',
 *   'ARTÍCULO 5°.-', 'Art. 6.-', 'Artículo 2-A.-', 'Artículo 5 bis', 'Artículo IV Título Preliminar.- …',
 *   'Artículo único.-', 'Artículo Primero.-', optionally after a capitals title on the same line.
 * Footnotes such as 'Artículo 2 de la Ley 29401, publicada…' or '* Artículo modificado por…' are not headings:
 * the number must be followed by a terminator (., .-, °, :, [, end of line, 'Título Preliminar', or a capitals
 * title as in 'Artículo 146 REQUISITOS DE LA APELACIÓN'). Emphasis marks (* and _) are removed before matching.
 */
const HEADING = new RegExp(
  String.raw`^[\s#>“"«]*(?:[A-ZÁÉÍÓÚÑ][A-ZÁÉÍÓÚÑ0-9 ,.:;-]*?\s+)?` + // markup, or a capitals title first
    String.raw`(?:[Aa]rt[íi]culo|ART[ÍI]CULO|Art\.|ART\.)\s*` +
    String.raw`(\d+|[IVXLC]+\b|[Pp]rimero|[Ss]egundo|[Tt]ercero|[Cc]uarto|[Qq]uinto|[ÚUúu]nico|PRIMERO|SEGUNDO|TERCERO|CUARTO|QUINTO|[ÚU]NICO)` +
    String.raw`\s*[°º”]?` +
    String.raw`(?:\s*[-–]?\s*(bis|ter|qu[aá]ter|BIS|TER|QU[AÁ]TER)\b|\s*[-–]\s*([A-Z])\b|([A-Z])\b)?` + // suffix
    String.raw`\s*(?:[.°º:\-–[]|$|T[íi]tulo\s+Preliminar|[A-ZÁÉÍÓÚÑ]{2})`,
  'u',
)

/** Normalises a heading match to the form the questions use: '112', '2-A', '5-bis', 'I', 'unico'. */
function normalise(m) {
  let n = m[1]
  if (/^\d+$/.test(n)) {
    n = String(Number(n))
  } else if (!/^[IVXLC]+$/.test(n)) {
    n = ORDINALS[n.toLowerCase()] ?? n.toLowerCase()
  }
  const word = m[2]?.toLowerCase().replace('á', 'a')
  const letter = m[3] ?? m[4]
  if (word) n += `-${word}`
  else if (letter) n += `-${letter.toUpperCase()}`
  return n
}

/** The normalised article number if `line` is an article heading, else null. `next` is the following line. */
export function headingNumber(rawLine, next = '') {
  // Emphasis marks go first: they also turn up inside the word ('**A****rtículo 38.-').
  let line = rawLine.replace(/[*_]/g, '')
  // Number on the next line: a heading that is only 'Artículo'.
  if (/^[\s#>]*art[íi]culo\s*$/iu.test(line)) line = `${line} ${next.replace(/[*_]/g, '')}`
  const m = HEADING.exec(line)
  return m ? normalise(m) : null
}

/** Every article number that appears as a heading in a norm's Markdown text, with how many times it does. */
export function articleNumbers(markdown) {
  const numbers = new Map()
  const lines = markdown.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const n = headingNumber(lines[i], lines[i + 1])
    if (n) numbers.set(n, (numbers.get(n) ?? 0) + 1)
  }
  return numbers
}

/** identifier → file path, from the front matter of every .md file under dir (recursively). */
export function indexCorpus(dir) {
  const index = new Map()
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name)
      if (entry.isDirectory()) walk(p)
      else if (entry.name.endsWith('.md')) {
        const head = readFileSync(p, 'utf8').slice(0, 2000)
        const id = /^identifier:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(head)?.[1]
        if (id) index.set(id, p)
      }
    }
  }
  walk(dir)
  return index
}

function main() {
  if (!existsSync(normsDir)) {
    console.error(`corpus not found: ${normsDir} (set CORPUS_DIR to the folder holding legalize-pe/)`)
    process.exit(2)
  }
  const demo = existsSync(demoList)
    ? new Set(
        readFileSync(demoList, 'utf8')
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith('#')),
      )
    : null
  if (!demo) console.log(`warning: ${demoList} not found, demo-subset membership not checked`)
  const items = JSON.parse(readFileSync(questionsPath, 'utf8'))
  if (!Array.isArray(items)) throw new Error('questions.json must be an array')
  const index = indexCorpus(normsDir)
  const cache = new Map()
  const ids = new Set()
  const questions = new Set()
  const problems = []
  const warnings = []
  let pairs = 0
  for (const item of items) {
    const where = item?.id ?? JSON.stringify(item).slice(0, 60)
    if (!/^([qfg]|w[abt])\d{3,}$/.test(item.id ?? '')) problems.push(`${where}: bad id`)
    if (ids.has(item.id)) problems.push(`${where}: duplicate id`)
    ids.add(item.id)
    if (typeof item.question !== 'string' || item.question.trim().length < 5)
      problems.push(`${where}: no question`)
    const qKey = String(item.question).trim().toLowerCase()
    if (questions.has(qKey)) problems.push(`${where}: duplicate question`)
    questions.add(qKey)
    if (!TOPICS.has(item.topic)) problems.push(`${where}: unknown topic ${item.topic}`)
    if (!STYLES.has(item.style)) problems.push(`${where}: unknown style ${item.style}`)
    if (!SPLITS.has(item.split))
      problems.push(`${where}: split must be one of ${[...SPLITS].join(', ')}, got ${item.split}`)
    if (!Array.isArray(item.answers) || item.answers.length === 0) {
      problems.push(`${where}: no answers`)
      continue
    }
    const seen = new Set()
    for (const a of item.answers) {
      pairs++
      const pair = `${a.identifier} art. ${a.article}`
      if (seen.has(pair)) problems.push(`${where}: ${pair} listed twice`)
      seen.add(pair)
      const file = index.get(a.identifier)
      if (!file) {
        problems.push(`${where}: missing ${pair} (no file with that identifier)`)
        continue
      }
      const inDemo = demo?.has(path.relative(normsDir, file))
      if (demo && !inDemo && !WIDE.has(item.split))
        problems.push(`${where}: ${pair} is outside the demo subset (${path.basename(file)})`)
      if (demo && inDemo && WIDE.has(item.split))
        problems.push(
          `${where}: ${pair} is in the demo subset; ${item.split} questions are about the other norms`,
        )
      if (!cache.has(file)) cache.set(file, articleNumbers(readFileSync(file, 'utf8')))
      const count = cache.get(file).get(String(a.article)) ?? 0
      if (count === 0) problems.push(`${where}: missing ${pair} (no such heading in ${path.basename(file)})`)
      else if (count > 1) warnings.push(`${where}: ${pair} heads ${count} articles in ${path.basename(file)}`)
    }
  }
  for (const w of warnings) console.log(`warning: ${w}`)
  for (const p of problems) console.log(p)
  console.log(`${items.length} questions, ${pairs} answer pairs, ${problems.length} problem(s)`)
  process.exit(problems.length ? 1 : 0)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
