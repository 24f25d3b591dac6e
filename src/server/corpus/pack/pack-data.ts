import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { loadPackManifest } from './manifest'
import { packDir } from './pack-dir'
import { readPackFile } from './read-pack-file'

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

export type ThesaurusEntry = z.infer<typeof thesaurusEntry>
export type LawName = z.infer<typeof lawName>
export type Domain = z.infer<typeof domain>

/** The thesaurus' files in the manifest's order (an entry's order decides nothing, but a stable order keeps runs identical). */
export function loadThesaurus(dir = packDir()): ThesaurusEntry[] {
  return loadPackManifest(dir).thesaurus.flatMap((name) =>
    readPackFile(path.join(dir, 'thesaurus', `${name}.json`), z.array(thesaurusEntry)),
  )
}

export const loadLawNames = (dir = packDir()): LawName[] =>
  readPackFile(path.join(dir, 'law-names.json'), z.array(lawName))
export const loadDomains = (dir = packDir()): Domain[] =>
  readPackFile(path.join(dir, 'domains.json'), z.array(domain))
export const descriptorsDir = (dir = packDir()) => path.join(dir, 'descriptors')

/**
 * Conversation that is not a legal question (conversation.json): phrases people open, thank, take leave, chat or ask
 * about the assistant with. A message holding one, on which search finds no strong legal evidence, gets a short friendly
 * reply saying what Lexia does, with no sources and no charge (research/conversation.ts).
 */
const conversationPhrases = z.array(z.string().trim().min(1).max(80))
const conversation = z.object({
  greetings: conversationPhrases,
  thanks: conversationPhrases,
  farewells: conversationPhrases,
  aboutLexia: conversationPhrases,
  /** Chit-chat: how are you, ok, jaja. */
  smallTalk: conversationPhrases,
  /**
   * Asking the assistant for an opinion, a preference or a forecast ('what do you think of', 'who is the best',
   * 'who will win'): not what the law says, whatever the rest names. Optional: a pack without them has none.
   */
  opinions: conversationPhrases.default([]),
})
export type Conversation = z.infer<typeof conversation>
export const loadConversation = (dir = packDir()): Conversation =>
  readPackFile(path.join(dir, 'conversation.json'), conversation)

/**
 * Everyday messages that are not legal questions (non-legal/<writer>.json, by kind: cooking, health, phones,
 * homework…, a third of them with a word the law also uses in another sense), each file by a writer who never saw an
 * evaluation set. They teach research/legal-intent.ts what a chat line looks like beside the descriptors' legal
 * questions. Optional: a pack without them has none.
 */
const messagesByKind = z.object({
  made: z.object({ by: z.string().min(1), date: z.string().min(1), instructions: z.string().min(1) }),
  messages: z.record(z.string(), z.array(z.string().trim().min(1).max(400))),
})
/** The JSON files of a folder of the pack, in a stable order; none when the pack has no such folder. */
const folderFiles = (dir: string, folder: string): string[] => {
  const at = path.join(dir, folder)
  return existsSync(at)
    ? readdirSync(at)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(at, f))
    : []
}
const loadMessages = (files: string[]): string[] =>
  files.flatMap((file) => Object.values(readPackFile(file, messagesByKind).messages).flat())
export const nonLegalFiles = (dir = packDir()): string[] => folderFiles(dir, 'non-legal')
export const loadNonLegal = (dir = packDir()): string[] => loadMessages(nonLegalFiles(dir))

/**
 * People telling a legal problem of their own life in everyday words (legal-stories/<writer>.json, by area: work,
 * family, neighbours, debts…), mostly without asking anything outright, each file by a writer who never saw an
 * evaluation set. Beside the descriptors' questions, which read as questions, they teach research/legal-intent.ts
 * that a problem told as a story, with no legal word and no question, is a legal question too. Optional.
 */
export const legalStoryFiles = (dir = packDir()): string[] => folderFiles(dir, 'legal-stories')
export const loadLegalStories = (dir = packDir()): string[] => loadMessages(legalStoryFiles(dir))

/**
 * Other countries as people name them (foreign.json, written by a writer who never saw an evaluation set): their
 * demonyms, best-known places and legal bodies, each of which means that country in a message. The country names
 * themselves come from ICU (research/foreign.ts). `excluded` records what the writer left out as ambiguous at home
 * ('Santiago', a district of Lima): a country name it starts with ('China: also an everyday word') is left out too.
 */
const foreignCountry = z.object({
  iso: z.string().regex(/^[A-Z]{2}$/),
  demonyms: z.array(z.string().trim().min(2).max(60)),
  places: z.array(z.string().trim().min(2).max(80)),
  legalBodies: z.array(z.string().trim().min(2).max(120)),
  excluded: z.array(z.string()).default([]),
})
const foreign = z.object({ countries: z.array(foreignCountry) })
export type ForeignCountry = z.infer<typeof foreignCountry>
/** The pack's other countries; none when it has no foreign.json. */
export function loadForeign(dir = packDir()): ForeignCountry[] {
  const file = path.join(dir, 'foreign.json')
  return existsSync(file) ? readPackFile(file, foreign).countries : []
}

/** Rules of `corpus:describe` that are the country's (describe-rules.json): which norms not to describe by article. */
const describeRules = z.object({
  articleNorms: z.object({ why: z.string(), skipTitlePhrases: z.array(z.string().min(2)) }),
})
export type DescribeRules = z.infer<typeof describeRules>
export const loadDescribeRules = (dir = packDir()): DescribeRules =>
  readPackFile(path.join(dir, 'describe-rules.json'), describeRules)

/**
 * What a norm is about, in people's words: the norm-level descriptor (packs/<country>/norm-descriptors/), written
 * by `npm run corpus:describe` from the committed prompt (packs/<country>/prompts/). `normDescriptorContent` is
 * what the model (or a person following the same prompt) answers; the file adds the norm and how it was made.
 */
const phrase = (max: number) => z.string().trim().min(2).max(max)
export const normDescriptorContent = z.object({
  subject: phrase(400),
  names: z.array(phrase(120)).min(1).max(8),
  concerns: z.array(phrase(120)).min(5).max(12),
  questions: z.array(phrase(160)).min(5).max(10),
})
/** Safe as a file name: the corpus' identifiers are letters, digits and dashes. */
export const NORM_IDENTIFIER_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/
/** How a generated descriptor was made: by whom, from which prompt, from which text. */
export const descriptorMade = z.object({
  /** The model that answered (or the writer's name given to `--import --model-name`). */
  model: z.string().min(1).max(200),
  /** The prompt's version id: its file name under prompts/ without '.md'. */
  prompt: z.string().min(1).max(100),
  /** sha256 of the text as given to the model: a changed norm or article is described again. */
  source: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.iso.datetime(),
})
export type DescriptorMade = z.infer<typeof descriptorMade>
export const normDescriptorSchema = normDescriptorContent.extend({
  // A stored file may hold fewer: `eval:leaks --remove` takes out the items that restate an evaluation question.
  concerns: z.array(phrase(120)).max(12),
  questions: z.array(phrase(160)).max(10),
  identifier: z.string().regex(NORM_IDENTIFIER_RE),
  made: descriptorMade,
})

export type NormDescriptorContent = z.infer<typeof normDescriptorContent>
export type NormDescriptor = z.infer<typeof normDescriptorSchema>

export const normDescriptorsDir = (dir = packDir()) => path.join(dir, 'norm-descriptors')
export const promptsDir = (dir = packDir()) => path.join(dir, 'prompts')

/** A norm's descriptor, validated; null when it has none yet. An invalid file throws, naming it. */
export function loadNormDescriptor(identifier: string, dir = packDir()): NormDescriptor | null {
  if (!NORM_IDENTIFIER_RE.test(identifier)) return null
  const file = path.join(normDescriptorsDir(dir), `${identifier}.json`)
  if (!existsSync(file)) return null
  const descriptor = readPackFile(file, normDescriptorSchema)
  if (descriptor.identifier !== identifier)
    throw new Error(`Paquete de conocimiento inválido: ${file}: describe ${descriptor.identifier}`)
  return descriptor
}
