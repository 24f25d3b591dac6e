import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promptsDir } from '../pack/pack-data'
import { packDir } from '../pack/pack-dir'
import type { ParsedNorm } from '../types'

/**
 * The norm-descriptor prompt and what it is filled with. The prompt is data (packs/<country>/prompts/
 * norm-descriptor.v<N>.md): a released version is never edited, a change is a new N, so the version id recorded in
 * each descriptor names the exact words its writer followed. The norm's part is built from the parser's output, the
 * same text the index sees, cut to a budget so a 2,000-article code costs what a short law does.
 */

export type NormPrompt = { version: string; template: string }

/** What the prompt is filled with; its hash is the descriptor's `made.source`. */
export type NormSource = {
  identifier: string
  title: string
  rank: string
  date: string
  structure: string
  headings: string
  articles: string
}

const PLACEHOLDERS: (keyof NormSource)[] = [
  'title',
  'identifier',
  'rank',
  'date',
  'structure',
  'headings',
  'articles',
]

/** Budget of the norm's text in the prompt, in characters: structure and headings capped, articles get the rest. */
export const SOURCE_BUDGET = 6000
const STRUCTURE_BUDGET = 1200
const HEADINGS_BUDGET = 2400
const FIRST_ARTICLES = 3

/** The newest version of one of the pack's prompts (`<name>.v<N>.md`), its placeholders checked. */
export function loadPackPrompt(dir: string, name: string, placeholders: readonly string[]): NormPrompt {
  const folder = promptsDir(dir)
  const re = new RegExp(`^${name}\\.v(\\d+)\\.md$`)
  const versions = existsSync(folder)
    ? readdirSync(folder)
        .map((file) => re.exec(file))
        .filter((m): m is RegExpExecArray => m !== null)
        .sort((a, b) => Number(b[1]) - Number(a[1]))
    : []
  const newest = versions[0]
  if (!newest) throw new Error(`No hay prompt ${name} en ${folder} (${name}.v1.md)`)
  const template = readFileSync(path.join(folder, newest[0]), 'utf8')
  const unknown = [...template.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1]!)
    .filter((k) => !placeholders.includes(k))
  if (unknown.length) throw new Error(`${newest[0]}: marcadores desconocidos: ${unknown.join(', ')}`)
  return { version: path.basename(newest[0], '.md'), template }
}

/** The newest norm-descriptor prompt version of the pack. */
export const loadNormPrompt = (dir = packDir()): NormPrompt =>
  loadPackPrompt(dir, 'norm-descriptor', PLACEHOLDERS)

/** Cuts at a word boundary, marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, Math.max(0, max - 4))
  const space = cut.lastIndexOf(' ')
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()} […]`
}

/** As many lines as fit, then how many were left out. */
function clipLines(lines: string[], max: number): string {
  const kept: string[] = []
  let used = 0
  for (const line of lines) {
    if (used + line.length + 1 > max) break
    kept.push(line)
    used += line.length + 1
  }
  const left = lines.length - kept.length
  return [...kept, ...(left ? [`… y ${left} más`] : [])].join('\n')
}

/** The structure headings above the articles, in reading order, each once, indented by depth. */
function structureLines(norm: ParsedNorm): string[] {
  const seen = new Set<string>()
  const lines: string[] = []
  for (const unit of norm.articles) {
    unit.path.forEach((heading, depth) => {
      const key = unit.path.slice(0, depth + 1).join('\u0000')
      if (seen.has(key)) return
      seen.add(key)
      lines.push(`${'  '.repeat(depth)}- ${heading}`)
    })
  }
  return lines
}

export function normSource(norm: ParsedNorm): NormSource {
  const structure = clipLines(structureLines(norm), STRUCTURE_BUDGET)
  const headings = clipLines(
    norm.articles.filter((a) => a.heading).map((a) => `- ${a.label}: ${a.heading}`),
    HEADINGS_BUDGET,
  )
  const articlesOnly = norm.articles.filter((a) => a.kind === 'articulo')
  const first = (articlesOnly.length ? articlesOnly : norm.articles).slice(0, FIRST_ARTICLES)
  const articlesBudget = SOURCE_BUDGET - structure.length - headings.length
  const perArticle = Math.floor(articlesBudget / Math.max(1, first.length))
  const articles = first
    .map((a) => clip(`${a.label}${a.heading ? `. ${a.heading}` : ''}\n${a.text}`, perArticle))
    .join('\n\n')
  return {
    identifier: norm.meta.identifier,
    title: norm.meta.title,
    rank: norm.meta.rank.replace(/_/g, ' ') || 'no indicado',
    date: norm.meta.publicationDate ?? 'no indicada',
    structure: structure || '(la norma no tiene títulos ni capítulos)',
    headings: headings || '(sus artículos no tienen encabezado)',
    articles,
  }
}

/** sha256 of the norm's part of the prompt, independent of the prompt's own words. */
export function sourceHash(source: NormSource): string {
  return createHash('sha256')
    .update(JSON.stringify(PLACEHOLDERS.map((k) => source[k])))
    .digest('hex')
}

export function fillPrompt(prompt: NormPrompt, source: NormSource): string {
  // A function replacer: the norm's text may hold '$&' or '{{…}}', which must go in as written.
  return prompt.template.replace(/\{\{(\w+)\}\}/g, (_m, key: keyof NormSource) => source[key])
}
