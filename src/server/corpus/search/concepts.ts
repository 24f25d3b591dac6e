import type { Db } from '../../db/client'
import { family, mostSimilar, soundKey, withoutDiminutive, withSilentH } from './morphology'
import type { QueryUnit } from './query'
import { type Concept, type ConceptSource, idf } from './rank'
import { QUERY_STOPWORDS } from './stoplist'
import { stemWords, type Vocabulary } from './vocabulary'

/** Membership of a word-family member, and of a misspelling's correction, in the word's concept. */
const FAMILY = 0.5
const CORRECTION = 0.9
/** Weight of the thesaurus' words: synonyms of a user's word the index knows, and a phrase's or slang's meaning. */
const SYNONYM_WEIGHT = 0.5
/** …unless a phrase of the question brought them ('toda mi herencia' → legítima): they say what the phrase means. */
const PHRASE_SYNONYM_WEIGHT = 0.75
/**
 * A phrase whose meaning is new ('me botaron' → despido) is the question's point, more than a word beside it: its
 * words weigh a little more than the user's own (measured: MRR 0.757 → 0.767 on the tuning part, recall unchanged).
 */
const PHRASE_WEIGHT = 1.2
/**
 * A word the index holds this rarely, when a word that sounds the same is `SOUND_RATIO` times as common, is taken for
 * that word misspelt: people write by sound ('taza' for tasa, 'ves' for vez), and a real word met once or twice in
 * the whole folder weighs more than any other idea of the question while no article that answers holds it.
 */
const RARE_DF = 2
const SOUND_RATIO = 100

/**
 * The query's ideas as concepts of the index: stems with their families and corrections, their weight and idf,
 * and the ideas they stand for. The thesaurus' words weigh less than the user's, unless the user's words for that
 * idea never occur in the law ('me botaron', 'perro'): then they are all the idea has.
 */
export async function queryConcepts(db: Db, units: QueryUnit[], vocab: Vocabulary): Promise<Concept[]> {
  const userWords = units.flatMap((u) => u.user)
  const stems = await stemWords(db, [
    ...userWords,
    ...units.flatMap((u) => u.added),
    ...userWords.flatMap((w) => withoutDiminutive(w) ?? []),
    ...userWords.flatMap((w) => withSilentH(w) ?? []),
  ])
  const byKey = new Map<string, Concept>()
  // Which words a concept came from: the user's own outrank a correction's, which outrank the thesaurus' (the
  // answer's decision weighs them apart, relevance.ts).
  const RANKED: ConceptSource[] = ['law', 'correction', 'user']
  const add = (
    key: string,
    members: Map<string, number>,
    weight: number,
    unit: number,
    source: ConceptSource,
  ) => {
    let concept = byKey.get(key)
    if (!concept) {
      concept = { key, members: new Map(), weight, idf: 0, units: [], source }
      byKey.set(key, concept)
    }
    concept.weight = Math.max(concept.weight, weight)
    if (RANKED.indexOf(source) > RANKED.indexOf(concept.source ?? 'law')) concept.source = source
    for (const [m, w] of members) concept.members.set(m, Math.max(concept.members.get(m) ?? 0, w))
    if (!concept.units.includes(unit)) concept.units.push(unit)
  }
  const withFamily = (word: string, stem: string) => {
    const members = new Map([[stem, 1]])
    for (const f of family(word, stem, vocab.sorted)) members.set(f, FAMILY)
    return members
  }
  const present = units.map(() => false)
  units.forEach((u, k) => {
    for (const word of u.user) {
      const stem = stems.get(word)
      if (!stem) continue
      const heard = soundsLikeCommoner(stem, vocab)
      if (heard) {
        // Both spellings count for it; the common one gives the idea its weight.
        add(
          heard,
          new Map([
            [heard, CORRECTION],
            [stem, 1],
          ]),
          1,
          k,
          'correction',
        )
        present[k] = true
      } else if (vocab.df.has(stem)) {
        add(stem, withFamily(word, stem), 1, k, 'user')
        present[k] = true
      } else if (!u.added.length && stem.length >= 4) {
        // Not a colloquial word the thesaurus knows: a diminutive ('solito', 'casita'), or maybe a misspelt legal
        // word. A diminutive first: its misspelling correction would be any word of like letters ('solicitud').
        const base = withoutDiminutive(word)
        if (base && QUERY_STOPWORDS.has(base)) continue
        const baseStem = base && stems.get(base)
        const withH = withSilentH(word)
        const hStem = withH && stems.get(withH)
        const fix =
          (baseStem && vocab.df.has(baseStem) ? baseStem : undefined) ??
          (hStem && vocab.df.has(hStem) ? hStem : undefined) ??
          vocab.bySound.get(soundKey(stem)) ??
          mostSimilar(stem, vocab.trigrams, (s) => vocab.df.get(s) ?? 0)
        if (fix) {
          add(fix, new Map([[fix, CORRECTION]]), 1, k, 'correction')
          present[k] = true
        }
      }
    }
  })
  units.forEach((u, k) => {
    const weight = present[k] ? SYNONYM_WEIGHT : u.user.length ? 1 : PHRASE_WEIGHT
    for (const word of u.added) {
      const stem = stems.get(word)
      const w = u.phrase.includes(word) ? Math.max(weight, PHRASE_SYNONYM_WEIGHT) : weight
      if (stem && vocab.df.has(stem)) add(stem, withFamily(word, stem), w, k, 'law')
    }
  })
  const out = [...byKey.values()]
  for (const c of out) {
    const df = Math.min(vocab.passages, Math.max(...[...c.members.keys()].map((m) => vocab.df.get(m) ?? 0)))
    c.idf = idf(df, vocab.passages)
  }
  return out
}

/** The common stem a rare one (`RARE_DF`) sounds like, when it is `SOUND_RATIO` times as common; else undefined. */
export function soundsLikeCommoner(
  stem: string,
  vocab: Pick<Vocabulary, 'df' | 'bySound'>,
): string | undefined {
  const df = vocab.df.get(stem) ?? 0
  if (df === 0 || df > RARE_DF) return undefined
  const heard = vocab.bySound.get(soundKey(stem))
  return heard && heard !== stem && (vocab.df.get(heard) ?? 0) >= SOUND_RATIO * df ? heard : undefined
}
