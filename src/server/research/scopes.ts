import { packDir } from '../corpus/pack/pack-dir'
import {
  loadResearchScopes,
  type RulingRule,
  type ScopeData,
  type ScopePattern,
} from '../corpus/pack/research-scopes'

/**
 * The part of the corpus each builtin agent searches (`builtin:<name>`), as the country pack's scopes.json draws it
 * (packs/<country>/scopes.json, validated by corpus/pack/research-scopes.ts): the code names no country's norms.
 * Norms are named by identifier (a '*' suffix allowed, as search accepts); identifiers absent from the index simply
 * match nothing, so a scope may name norms that only the full corpus holds. Rulings carry no area in their
 * identifier: they are chosen by their record (the chamber that decided them, the claims and keywords the court
 * listed).
 */

/** A ruling's record fields that tell its area of law (corpus_documents.metadata of a 'sentencia'). */
export type RulingFacts = {
  chamber: string | null
  appealType: string | null
  claims: string[]
  keywords: string[]
}

export type ResearchScope = {
  name: string
  /** How answers name what was searched: "No encontré en {searched}…". */
  searched: string
  /** Norm identifiers; null → every norm. */
  norms: readonly string[] | null
  /** Which rulings belong; null → every ruling. */
  rulings: ((ruling: RulingFacts) => boolean) | null
}

const regex = (p: ScopePattern | undefined) => (p ? new RegExp(p.source, p.flags) : null)
const topics = (r: RulingFacts) => [r.appealType ?? '', ...r.claims, ...r.keywords].join(' | ')

function rulingsRule(rule: RulingRule | null): ResearchScope['rulings'] {
  if (!rule) return null
  const chamber = regex(rule.chamber)
  const notChamber = regex(rule.notChamber)
  const about = regex(rule.topics)
  return (r) =>
    (!chamber || chamber.test(r.chamber ?? '')) &&
    !notChamber?.test(r.chamber ?? '') &&
    (!about || about.test(topics(r)))
}

const compile = (name: string, data: ScopeData): ResearchScope => ({
  name,
  searched: data.searched,
  norms: data.norms && Object.freeze([...data.norms]),
  rulings: rulingsRule(data.rulings),
})

/** Compiled once per pack folder: a consultation looks its scope up, it does not read the file. */
const compiled = new Map<string, ReadonlyMap<string, ResearchScope>>()

/**
 * A pack's scopes by name, in the file's order. `dir` is the pack's folder (`countryPack(code).dir`); by default the
 * process's pack, as search reads it: one process serves one country (decision 0028).
 */
export function researchScopes(dir = packDir()): ReadonlyMap<string, ResearchScope> {
  let scopes = compiled.get(dir)
  if (!scopes) {
    scopes = new Map(
      Object.entries(loadResearchScopes(dir)).map(([name, data]) => [name, compile(name, data)]),
    )
    compiled.set(dir, scopes)
  }
  return scopes
}

/** The names `builtin:<name>` accepts. */
export const researchScopeNames = (dir = packDir()): string[] => [...researchScopes(dir).keys()]

/** The scope of that name; undefined for a name the pack does not define ('constructor' included: a Map, not an object). */
export function researchScope(name: string, dir = packDir()): ResearchScope | undefined {
  return researchScopes(dir).get(name)
}

/** A ruling's metadata as stored by ingestion (a RulingRecord), read defensively. */
export function rulingFacts(metadata: Record<string, unknown>): RulingFacts {
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
  return {
    chamber: str(metadata.chamber),
    appealType: str(metadata.appealType),
    claims: list(metadata.claims),
    keywords: list(metadata.keywords),
  }
}
