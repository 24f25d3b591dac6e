import { fold, words } from '../corpus/search/normalize'
import { analyzeQuery, type QueryUnit } from '../corpus/search/query'
import type { Evidence } from '../corpus/search/rank'
import type { SearchHit } from '../corpus/search/search'
import { stemWords, vocabulary } from '../corpus/search/vocabulary'
import type { Db } from '../db/client'

/**
 * Whether a hit answers the question, judged by the question's ideas (search's own analysis: each subject word,
 * with the law's words for it), each weighed by how specific it is. Search always returns its best candidates,
 * even when the corpus has nothing on the subject ('receta de ceviche' finds 'receta médica'); an answer should not
 * quote those as if they answered, nor a passage that holds only the question's commonest word ('corresponden').
 */
export type Ideas = {
  units: QueryUnit[]
  /**
   * Per idea, the words that hold it: the user's own when the law uses them; the thesaurus' only when it does not
   * ('perro' → animal). Otherwise 'libertad de expresión' would be held by 'libertad' alone, the thesaurus giving
   * each word of the phrase the other as a synonym.
   */
  forms: string[][]
  /** Per idea: the idf of its most specific word the index knows; the highest idf when the index knows none. */
  weights: number[]
  /**
   * The question's words' stems as the index makes them: a conjugated verb is held by the noun of its stem
   * ('despidieron' by 'despido', both despid), which cutting the word's ending does not reach. Unset: endings only.
   */
  stemOf?: ReadonlyMap<string, string | null>
}

const idf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5))

export async function questionIdeas(db: Db, question: string): Promise<Ideas> {
  const { units } = analyzeQuery(question)
  const [vocab, stems] = await Promise.all([
    vocabulary(db),
    stemWords(
      db,
      units.flatMap((u) => [...u.user, ...u.added]),
    ),
  ])
  const n = vocab.passages
  // The law's own words: a word only the descriptor index holds ('despidieron') is not in any text to quote.
  const known = (w: string) => {
    const stem = stems.get(w) ?? ''
    return vocab.df.has(stem) && !vocab.describedOnly.has(stem)
  }
  const forms = units.map((u) => (u.user.some(known) ? u.user : [...u.user, ...u.added]))
  const specificity = (ws: string[]) =>
    Math.max(
      0,
      ...ws.flatMap((w) => {
        const df = vocab.df.get(stems.get(w) ?? '')
        return df ? [idf(df, n)] : []
      }),
    )
  // A word the law never uses ('ceviche') is the most specific of all: no passage can answer for it.
  const weights = units.map((u) => specificity(u.user) || specificity(u.added) || idf(0, n))
  return { units, forms, weights, stemOf: stems }
}

/** A word's matching root: long words lose their inflection ('presidencial' ~ 'presidencia'), short stay whole. */
const root = (w: string) => (w.length > 4 ? w.slice(0, Math.max(4, w.length - 2)) : w)

/** Shortest stem matched as a prefix: a shorter one ('pag', 'mes') begins too many other words. */
const STEM_MIN = 5

function holds(tokens: readonly string[], word: string, stem: string | null | undefined): boolean {
  const r = root(word)
  const s = stem && stem.length >= STEM_MIN && stem.length < r.length ? stem : null
  return tokens.some((t) => t.startsWith(r) || (s !== null && t.startsWith(s)))
}

/** Which of the question's ideas a text holds (by index in `ideas.units`). */
function heldIn(text: string, ideas: Ideas): Set<number> {
  const tokens = words(fold(text))
  const held = new Set<number>()
  ideas.forms.forEach((forms, i) => {
    if (forms.some((w) => w.split(/\s+/).every((part) => holds(tokens, part, ideas.stemOf?.get(part)))))
      held.add(i)
  })
  return held
}

/** Which of the question's ideas a hit holds, in its title, label, heading, structure or text. */
export function ideasHeld(hit: SearchHit, ideas: Ideas): Set<number> {
  return heldIn(`${hit.title} ${hit.label} ${hit.heading ?? ''} ${hit.path} ${hit.content}`, ideas)
}

/** The weight of the question's ideas a piece of text holds (which sentence of an article answers best). */
export function ideasWeight(text: string, ideas: Ideas): number {
  let weight = 0
  for (const i of heldIn(text, ideas)) weight += ideas.weights[i]!
  return weight
}

/**
 * The decision to answer, on the ranking's own evidence (search.ts: which of the question's ideas a hit holds and
 * how, its margin over the best hit). Calibrated on the tune part only (`npm run eval:answers -- least=3,5,7`; the
 * table is in bench/answers/README.md), checked on the others.
 */
export const ANSWER_GATE = {
  /** Share of the question's ideas, by weight, the leading hit must hold. */
  share: 0.5,
  /**
   * Weight of the ideas (idf) the leading hit must hold: one common word ('alguien', 'días') is no evidence that
   * the corpus speaks to the question, a specific one or two are.
   */
  least: 5,
  /** A hit below this share of the best hit's score is noise, whatever it holds. */
  floor: 0.3,
  /** Once a hit leads, the hits within this share of the best's score that hold this share of the ideas answer too. */
  followMargin: 0.5,
  followShare: 0.3,
  /**
   * Search's first `kinRank` hits of the norm of a hit that answers, holding `followShare` of the ideas, answer too
   * from `kinMargin` of the best's score, not only from `followMargin`: a law's neighbouring articles on one
   * institution score far apart (the one that names the question's words most often scores highest), yet the
   * person's case is often the lower one ('the requirements', after 'the scope'). Search's top 5 is what the person
   * would have read; another norm's hit that far below is still left out. 0 ranks: off.
   */
  kinRank: 5,
  kinMargin: 0.2,
  /**
   * How much an idea held each way counts: the user's word, the thesaurus' (the law's) word, a misspelling's
   * correction, the descriptor index's words alone. Measured on the tune part: counting all alike answers best.
   */
  user: 1,
  law: 1,
  correction: 1,
  descriptor: 1,
  /**
   * Ideas a leading hit must hold, of those with at least `specific` weight (all of them when the question has
   * fewer): one word of several in common is a coincidence ('color' in the article on the flag), two ideas met
   * together are a subject. Measured on the tune part and the out-of-scope set (bench/answers/README.md).
   */
  ideas: 2,
  /** The weight (idf) from which an idea counts for `ideas`: words found everywhere ('libres') say nothing. */
  specific: 1,
  /**
   * A hit holding this many of the question's specific ideas leads from `manyShare` of their weight, below `share`:
   * a long question tells its story ('llegué…', 'me dijeron…') around its subject, and the story's words weigh
   * against the article that holds the subject's four or more. No message of the out-of-scope set leads this way, on
   * the demo subset or the whole folder (bench/answers/README.md). A large number: off.
   */
  many: 4,
  manyShare: 0.4,
  /**
   * Ideas a leading hit must hold in its own text (the user's word, the law's word, a correction), not only in the
   * descriptor index: the descriptors are people's words for what an article regulates, and one everyday word met
   * there alone ('noches', 'plan') is no evidence that the law speaks to the question.
   */
  inText: 1,
  /**
   * The best text hit's score (BM25F over the question's ideas × the priors of rank.ts) below which no text hit
   * leads: a chat line shares a word or two with some passage, weakly ('no sé qué hacer hoy' → a law's 'plan'). Set
   * by the whole folder's tune-wide part, whose questions on small laws score lowest (one at 62; 80 made it and
   * others false abstentions); the demo's weakest tune question scores 179. A score, so it moves with RANK:
   * recalibrate it (`npm run eval:answers [-- --all] strength=…`) when RANK changes. 60 → 50 when RANK.normFit went
   * 2 → 1 (decision 0015 §15; bench/answers/README.md): the chosen norms' articles score lower.
   */
  strength: 50,
  /**
   * 1: a hit of the norm the question names ('ley de transparencia…', 'la LPAG') leads on the name and the share of
   * the rest it holds, without `least`, `ideas` or `strength`: once the name is taken out, what is left ('qué
   * información no te pueden dar') is a few everyday words by design, and the name is the evidence. 0: off.
   */
  named: 1,
  /**
   * The share of the rest of the question's ideas, by weight, a hit of the named norm must hold to lead. The name
   * itself is strong evidence; what is left once it is taken out ('en que casos te pueden quitar un bien') is the
   * person's everyday words for a case, which the law's text often does not use.
   */
  namedShare: 0.3,
  /**
   * The legal intent (research/legal-intent.ts: log2 odds that the message's words are a legal question's rather
   * than a chat line's) below which a message is answered as conversation, unless search's evidence is strong
   * (`intentStrength`) or it names a norm or an article. Calibrated on the tune parts and the out-of-scope set
   * (bench/answers/README.md). A large negative number: off.
   */
  intent: -3,
  /**
   * How many times `strength` the best text hit must score for search's evidence to outweigh the words' intent: a
   * person's story in everyday words ('me asaltaron en el paradero con una navaja') reads like a chat line,
   * yet meets an article squarely; a chat line meets one weakly. 8 → 9.6 with `strength` 60 → 50: the same 480.
   */
  intentStrength: 9.6,
}

/**
 * Whether a message, with what search found for it, asks something of the law: it names a norm or an article
 * search found, or its words read as a legal question's (legal-intent.ts). Search alone cannot say: a chat line
 * shares a word or two with some norm of the whole folder.
 */
export function asksTheLaw(intentOdds: number, hits: readonly SearchHit[]): boolean {
  if (intentOdds >= ANSWER_GATE.intent) return true
  if (hits.some((h) => h.match === 'reference' || !!h.evidence?.mentioned)) return true
  // The best text hit's score is any text hit's over its margin (search.ts).
  const best = Math.max(0, ...hits.flatMap((h) => (h.evidence ? [h.score / h.evidence.margin] : [])))
  return best >= ANSWER_GATE.intentStrength * ANSWER_GATE.strength
}

/** The weight of the question's ideas a text hit holds (each way counted as ANSWER_GATE says), and its share. */
export function heldEvidence(e: Evidence): { held: number; share: number } {
  let held = 0
  let total = 0
  e.ideas.forEach((source, i) => {
    const w = e.weights[i] ?? 0
    total += w
    if (source) held += w * ANSWER_GATE[source]
  })
  return { held, share: total > 0 ? held / total : 0 }
}

/** How many of the question's specific ideas a text hit holds, of how many, and how many in its own text. */
export function ideaCounts(e: Evidence): { held: number; of: number; inText: number } {
  let held = 0
  let of = 0
  let inText = 0
  e.ideas.forEach((source, i) => {
    if (source && source !== 'descriptor') inText++
    if ((e.weights[i] ?? 0) < ANSWER_GATE.specific) return
    of++
    if (source) held++
  })
  return { held, of, inText }
}

/** Whether a hit is strong evidence that the corpus answers: a direct reference, or a text hit that leads. */
export function leads(hit: SearchHit): boolean {
  if (hit.match === 'reference') return true
  if (!hit.evidence || hit.evidence.margin < ANSWER_GATE.floor) return false
  if (ANSWER_GATE.named && hit.evidence.mentioned)
    return heldEvidence(hit.evidence).share >= ANSWER_GATE.namedShare
  // The best text hit's score is this hit's over its margin (search.ts).
  if (hit.score < ANSWER_GATE.strength * hit.evidence.margin) return false
  const { held, share } = heldEvidence(hit.evidence)
  const counts = ideaCounts(hit.evidence)
  const enough =
    share >= ANSWER_GATE.share || (counts.held >= ANSWER_GATE.many && share >= ANSWER_GATE.manyShare)
  if (!enough || held < ANSWER_GATE.least) return false
  return counts.held >= Math.min(ANSWER_GATE.ideas, counts.of) && counts.inText >= ANSWER_GATE.inText
}

/**
 * The hits that answer, in search's order. None unless one leads (a direct reference, or a text hit that is strong
 * evidence): the corpus has nothing on the question. Then every hit that leads, and those close to the best that
 * hold part of the question's ideas: the law treats an institution in neighbouring articles, which the question's
 * words need not all name, and the best hit itself may be one of them. Then, of search's first `kinRank`, those of
 * the norm of a hit that answers that hold part of the ideas, from further below the best (`kinMargin`).
 */
export function answeringHits(hits: SearchHit[]): SearchHit[] {
  const leading = hits.map(leads)
  if (!leading.some(Boolean)) return []
  const holdsPart = (h: SearchHit, margin: number) =>
    !!h.evidence && h.evidence.margin >= margin && heldEvidence(h.evidence).share >= ANSWER_GATE.followShare
  const close = hits.map((h, i) => leading[i] || holdsPart(h, ANSWER_GATE.followMargin))
  const norms = new Set(hits.filter((_, i) => close[i]).map((h) => h.documentId))
  return hits.filter(
    (h, i) =>
      close[i] || (i < ANSWER_GATE.kinRank && norms.has(h.documentId) && holdsPart(h, ANSWER_GATE.kinMargin)),
  )
}

/**
 * The hits whose text holds at least half of the question's ideas by weight, as literal word prefixes; a direct
 * article reference always. Rulings are still sifted this way (retrieve.ts findRulings).
 */
export function relevantHits(hits: SearchHit[], ideas: Ideas): SearchHit[] {
  const total = ideas.weights.reduce((a, b) => a + b, 0)
  if (total <= 0) return hits.filter((h) => h.match === 'reference')
  return hits.filter((h) => {
    if (h.match === 'reference') return true
    let held = 0
    for (const i of ideasHeld(h, ideas)) held += ideas.weights[i]!
    return held * 2 >= total
  })
}
