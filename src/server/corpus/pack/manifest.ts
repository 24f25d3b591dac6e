import path from 'node:path'
import { z } from 'zod'
import { packDir } from './pack-dir'
import { readPackFile } from './read-pack-file'

/** A folder inside the corpus folder, written with '/' whatever the system ('legalize-pe/pe'). */
const corpusFolder = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'debe ser una carpeta dentro del corpus')

/** A regular expression without capturing groups (search numbers its own groups around it). */
const isPattern = (source: string) => {
  try {
    return new RegExp(`${source}|`).exec('')?.length === 1
  } catch {
    return false
  }
}

/** A norm's file name in the corpus' norms folder ('CON-1993.md'). */
const normFileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.md$/)

/**
 * pack.json: what a country pack declares besides its data files. The code reads the corpus of whatever country it
 * is given through these fields, never through a country's names written in the code.
 */
export const packManifestSchema = z.object({
  /** ISO 3166-1 alpha-2, as corpus_documents.country and the countries table write it ('PE'). */
  country: z.string().regex(/^[A-Z]{2}$/),
  /** The language of the country's law, as a BCP 47 tag: what a norm's PDF edition declares ('es-PE'). */
  locale: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/),
  /** The thesaurus' files (thesaurus/<name>.json), in order. */
  thesaurus: z.array(z.string().min(1)),
  /** How the country's corpus folder is laid out, and what its sources are called. */
  corpus: z.object({
    /** The norms' folder (Markdown with front matter, the parser's format). */
    norms: corpusFolder,
    /** The rulings' folder (metadata.json and pdf/): ingested as one unit, keyed by this path. */
    rulings: corpusFolder,
    /** The demo subset's list, one norm file name a line ('#' starts a comment). */
    demoList: corpusFolder,
    /** Who publishes the rulings, as a ruling's record sheet (the PDF made for a ruling without one) names it. */
    rulingsSource: z.string().min(1),
    /** Where `corpus:fetch` downloads norms from unless told otherwise; none: the operator must say. */
    fetchBaseUrl: z.url().optional(),
  }),
  /**
   * The demo subset's file names, as the corpus' demo list gives them, kept in the pack too so that `corpus:fetch`
   * can download them for a deployment that has no copy of the corpus.
   */
  demoNorms: z.array(normFileName).default([]),
  /**
   * Norms known by a number ('Ley 29733', 'D.Leg. 728'): the identifier's prefix the corpus gives them ('LEY-29733-2011'),
   * how people write the kind in a question (patterns on folded text, tried in this order: 'd\.? ?leg\.?'), and
   * the stem the kind is cited with in other norms' text ('legisl'). Search reads them (search/document-aliases.ts,
   * search/citations.ts); a country without them finds numbered norms by their names and words only.
   */
  numberedNorms: z
    .array(
      z.object({
        prefix: z.string().regex(/^[A-Z]+$/),
        said: z
          .array(
            z.string().min(1).refine(isPattern, 'no es una expresión regular válida sin grupos de captura'),
          )
          .min(1),
        citedAs: z.string().regex(/^[a-z]+$/),
        /**
         * Numbers start again each year ('Decreto de Urgencia 034-98', 'DU-044-2019'): a citation names the norm only
         * with its year (search/repeals.ts).
         */
        yearly: z.boolean().default(false),
      }),
    )
    .default([]),
  /**
   * Words that name the country itself in a norm's name ('Código Penal Peruano', 'Constitución Política del Perú'),
   * folded: they say nothing of which norm is meant, so a citation by name leaves them out (search/citations.ts).
   */
  countryWords: z.array(z.string().regex(/^[a-z]+$/)).default([]),
  /**
   * The country's ranks of norm as its corpus writes them (front matter `rank`: 'decreto_legislativo') → how a norm's
   * PDF edition names it ('Decreto Legislativo'). A rank without one is written from its key ('Ordenanza municipal').
   */
  rankLabels: z.record(z.string().min(1), z.string().min(1)).default({}),
  /**
   * Ranks → spec §3's tipo_alias and jerarquia_alias, and the prior search breaks ties with (higher wins): the
   * country's hierarchy of norms (parse/classify.ts). A rank without one is a norm with force of law, prior 10.
   */
  rankClasses: z
    .record(
      z.string().min(1),
      z.object({ tipo: z.string().min(1), jerarquia: z.string().min(1), priority: z.number().int() }),
    )
    .default({}),
})
export type PackManifest = z.infer<typeof packManifestSchema>
export type NumberedNorm = PackManifest['numberedNorms'][number]
export type RankClasses = PackManifest['rankClasses']

export const loadPackManifest = (dir = packDir()): PackManifest =>
  readPackFile(path.join(dir, 'pack.json'), packManifestSchema)

/**
 * A country's pack by its code: the folder and its manifest, which must be that country's (a pack copied under
 * another code without its manifest changed would file every document under the wrong country).
 */
export function countryPack(country: string, root?: string): { dir: string; manifest: PackManifest } {
  const dir = packDir(country, root)
  const manifest = loadPackManifest(dir)
  if (manifest.country !== country.toUpperCase())
    throw new Error(
      `Paquete de conocimiento inválido: ${path.join(dir, 'pack.json')}: es de ${manifest.country}, no de ${country.toUpperCase()}`,
    )
  return { dir, manifest }
}
