import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import naiveBayes from 'wink-naive-bayes-text-classifier'
import {
  descriptorsDir,
  loadConversation,
  loadLegalStories,
  loadNonLegal,
  normDescriptorsDir,
} from '../corpus/pack/pack-data'
import { packDir } from '../corpus/pack/pack-dir'
import { fold, withoutEnclitics, words } from '../corpus/search/normalize'
import { contentWords } from '../corpus/search/stoplist'

/**
 * Whether a message asks something of the law at all, judged by its words as a whole: a naive Bayes classifier
 * (wink-naive-bayes-text-classifier) taught, when first asked, the country pack's own examples — people's legal
 * questions (the article and norm descriptors' `questions`, and `legal-stories/`: problems told as stories) against
 * everyday messages that are not legal questions
 * (`non-legal/`, written by writers who never saw an evaluation set, and the conversation phrases).
 *
 * Search cannot tell: it always finds something, and a chat line ('¿qué le doy de comer a mi tortuga?', 'mi impresora no imprime en color')
 * shares its words with some norm of a whole folder of 3,500, weakly but specifically. What the message is about
 * decides, not whether some article holds its words (docs/decisions/0029).
 */

/**
 * The message as the classifier sees it: its words without attached pronouns, cut to a root of six letters, and each
 * pair of neighbours — 'me pueden', 'quién responde', 'es legal' say a legal question where each word alone says
 * little.
 */
function intentTokens(text: string): string[] {
  const all = words(fold(text))
    .map(withoutEnclitics)
    .filter((w) => !/^\d+$/.test(w))
  const roots = all.map((w) => w.slice(0, 6))
  const subject = contentWords(all).map((w) => w.slice(0, 6))
  return [...subject, ...roots.slice(1).map((w, i) => `${roots[i]} ${w}`)]
}

export type IntentExamples = { legal: string[]; other: string[] }

/** The pack's examples: people's legal questions, everyday messages and conversation. */
export function packExamples(dir = packDir()): IntentExamples {
  const legal: string[] = []
  for (const file of readdirSync(descriptorsDir(dir))
    .filter((f) => f.endsWith('.jsonl'))
    .sort())
    for (const line of readFileSync(path.join(descriptorsDir(dir), file), 'utf8').split('\n'))
      if (line.trim()) legal.push(...((JSON.parse(line) as { questions?: string[] }).questions ?? []))
  for (const file of readdirSync(normDescriptorsDir(dir))
    .filter((f) => f.endsWith('.json'))
    .sort())
    legal.push(
      ...((
        JSON.parse(readFileSync(path.join(normDescriptorsDir(dir), file), 'utf8')) as { questions?: string[] }
      ).questions ?? []),
    )
  legal.push(...loadLegalStories(dir))
  const other = [...loadNonLegal(dir), ...Object.values(loadConversation(dir)).flat()]
  return { legal, other }
}

export type LegalIntent = {
  /**
   * log2 of how much likelier the message's words are in a legal question than in an everyday message, the two
   * kinds weighed alike (not by how many examples each has). 0 when the classifier knows none of its words.
   */
  odds(message: string): number
}

/**
 * What was learnt, as the library exports it, beside a digest of the examples it was learnt from: a model read back
 * from a file is used only for the very examples it was taught.
 */
export type IntentModel = { examples: string; learnings: string }

const digest = (examples: IntentExamples) =>
  createHash('sha256').update(JSON.stringify(examples)).digest('base64url')

function classifier(examples: IntentExamples, model?: IntentModel) {
  const nb = naiveBayes()
  nb.definePrepTasks([intentTokens])
  // Presence, not counts: a question that repeats a word says no more about its subject.
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 })
  if (model) nb.importJSON(model.learnings)
  else {
    for (const text of examples.legal) nb.learn(text, 'legal')
    for (const text of examples.other) nb.learn(text, 'other')
  }
  nb.consolidate()
  // The library adds each label's share of the examples; the pack has far more legal questions than chat lines,
  // which says nothing of what a user sends.
  const prior = Math.log2(examples.legal.length / examples.other.length)
  const intent: LegalIntent & { model(): IntentModel } = {
    odds(message) {
      const [first] = nb.computeOdds(message)
      if (!first || first[0] === 'unknown') return 0
      const [label, odds] = first
      return (label === 'legal' ? odds : -odds) - prior
    },
    model: () => ({ examples: digest(examples), learnings: nb.exportJSON() }),
  }
  return intent
}

export function trainLegalIntent(examples: IntentExamples): LegalIntent {
  return classifier(examples)
}

/**
 * The classifier of `examples`, read from `file` when that holds one taught the same examples (its digest says);
 * otherwise taught here and written there for the next process. Reading it back costs a few hundredths of a second
 * where teaching costs seconds.
 */
export function legalIntentFrom(examples: IntentExamples, file: string): LegalIntent {
  if (existsSync(file)) {
    try {
      const model = JSON.parse(readFileSync(file, 'utf8')) as IntentModel
      if (model.examples === digest(examples)) return classifier(examples, model)
    } catch {
      // A file cut short or not a model: taught again and written anew below.
    }
  }
  const intent = classifier(examples)
  // Whole or not at all: another process may read the file meanwhile. A place it cannot be written costs the next
  // process a second teaching, never this one its classifier.
  const partial = `${file}.${process.pid}`
  try {
    writeFileSync(partial, JSON.stringify(intent.model()))
    renameSync(partial, file)
  } catch {
    rmSync(partial, { force: true })
  }
  return intent
}

/**
 * Where a taught classifier may be kept for other processes: the test run's global setup names a file (its
 * processes — workers, the servers the tests start — each taught it again, ~3 s of CPU each). Unset, the server keeps
 * it in its data folder (LEGAL_INTENT_FILE).
 */
export const LEGAL_INTENT_MODEL_ENV = 'LEXIA_LEGAL_INTENT_MODEL'

/**
 * The server's copy in its data folder: taught at the first start (about 1.3 s of CPU on the whole pack), read back
 * at the next ones (about 0.35 s), since the teaching held the event loop while a restarted server's first requests
 * waited (decision 0039).
 */
export const LEGAL_INTENT_FILE = 'legal-intent.json'

/** Where a server keeps its classifier: the file the run names, or its data folder's. */
export const legalIntentFile = (dataDir: string, env: NodeJS.ProcessEnv = process.env): string =>
  env[LEGAL_INTENT_MODEL_ENV] || path.join(dataDir, LEGAL_INTENT_FILE)

let cached: LegalIntent | null = null
/**
 * The country pack's classifier, taught once per process or read from `file` where a process kept it for the same
 * examples (LEXIA_LEGAL_INTENT_MODEL by default).
 */
export function legalIntent(file = process.env[LEGAL_INTENT_MODEL_ENV]): LegalIntent {
  if (cached) return cached
  cached = file ? legalIntentFrom(packExamples(), file) : trainLegalIntent(packExamples())
  return cached
}
