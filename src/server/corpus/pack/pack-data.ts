import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { packDir } from './pack-dir'

/** One thesaurus entry: keys people type → the law's words (see thesaurus.ts for the key syntax). */
const thesaurusEntry = z.object({ keys: z.array(z.string().min(1)).min(1), law: z.string().min(1) })
/** Names a norm is known by (folded), and the identifiers of the file(s) that hold it. */
const lawName = z.object({
  names: z.array(z.string().min(1)).min(1),
  identifiers: z.array(z.string().min(1)).min(1),
})
/** Keys of an area of law (thesaurus syntax) and the norms that govern it. */
const domain = z.object({
  keys: z.array(z.string().min(1)).min(1),
  identifiers: z.array(z.string().min(1)).min(1),
})
const manifest = z.object({ thesaurus: z.array(z.string().min(1)) })

export type ThesaurusEntry = z.infer<typeof thesaurusEntry>
export type LawName = z.infer<typeof lawName>
export type Domain = z.infer<typeof domain>

function read<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`Paquete de conocimiento inválido: ${file}: ${parsed.error.message}`)
  return parsed.data
}

/** The thesaurus' files in the manifest's order (an entry's order decides nothing, but a stable order keeps runs identical). */
export function loadThesaurus(dir = packDir()): ThesaurusEntry[] {
  const { thesaurus } = read(path.join(dir, 'pack.json'), manifest)
  return thesaurus.flatMap((name) =>
    read(path.join(dir, 'thesaurus', `${name}.json`), z.array(thesaurusEntry)),
  )
}

export const loadLawNames = (dir = packDir()): LawName[] =>
  read(path.join(dir, 'law-names.json'), z.array(lawName))
export const loadDomains = (dir = packDir()): Domain[] =>
  read(path.join(dir, 'domains.json'), z.array(domain))
export const descriptorsDir = (dir = packDir()) => path.join(dir, 'descriptors')
