import path from 'node:path'
import { z } from 'zod'
import { packDir } from './pack-dir'
import { readPackFile } from './read-pack-file'

/**
 * A regular expression as data: its source and flags. 'g' and 'y' are refused: with either, `test` remembers where
 * it stopped and the same ruling would be judged differently the second time.
 */
const pattern = z
  .strictObject({ source: z.string().min(1), flags: z.string().regex(/^[imsu]*$/) })
  .refine(({ source, flags }) => {
    try {
      return new RegExp(source, flags) instanceof RegExp
    } catch {
      return false
    }
  }, 'no es una expresión regular válida')
export type ScopePattern = z.infer<typeof pattern>

/**
 * Which rulings a scope takes, from their record: every condition given must hold. A ruling's identifier carries no
 * area of law, so its chamber and its topics (appeal type, claims and keywords, joined) say it.
 */
const rulingRule = z
  .strictObject({
    /** Why the rule is drawn so (read by whoever edits it, not by the code). */
    why: z.string().min(1).optional(),
    /** The chamber's name matches. */
    chamber: pattern.optional(),
    /** The chamber's name does not match. */
    notChamber: pattern.optional(),
    /** The appeal type, claims and keywords, joined with ' | ', match. */
    topics: pattern.optional(),
  })
  .refine((r) => r.chamber || r.notChamber || r.topics, 'una regla sin condiciones: use null para todas')
export type RulingRule = z.infer<typeof rulingRule>

/** A norm's identifier, or the beginning of some followed by '*' ('DLEG-957-*'), as search's `documents` accepts. */
const normIdentifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\*?$/)

const scope = z.strictObject({
  /** How answers name what was searched: "No encontré en {searched}…" (Spanish, shown to people). */
  searched: z.string().min(1),
  /** The norms searched; null → every norm. Identifiers absent from the index match nothing. */
  norms: z.array(normIdentifier).min(1).nullable(),
  /** The rulings searched; null → every ruling. */
  rulings: rulingRule.nullable(),
})
export type ScopeData = z.infer<typeof scope>

/**
 * scopes.json: the builtin agents' research scopes (`builtin:<name>`), by name, in the order listed. A name is what
 * an agent's url may say after 'builtin:' (agents/gateway/gateway.ts).
 */
export const researchScopesSchema = z
  .record(z.string().regex(/^[a-z0-9_-]+$/), scope)
  .refine((scopes) => Object.keys(scopes).length > 0, 'el paquete no define ningún ámbito')

export const loadResearchScopes = (dir = packDir()): Record<string, ScopeData> =>
  readPackFile(path.join(dir, 'scopes.json'), researchScopesSchema)
