/**
 * Evaluation questions must never leak into what is evaluated: the descriptor index's phrases and questions and the
 * thesaurus' and areas' keys are written without seeing them. This finds an item of that data that restates an
 * evaluation question: folded words, Spanish function words dropped, each word cut to its first five letters (so
 * 'maltrata' and 'maltratar' meet), flagged when the two share at least three such words and at least LEAK_OVERLAP
 * of the longer one's.
 */

export const LEAK_OVERLAP = 0.6
const MIN_WORDS = 3

const FUNCTION_WORDS = new Set(
  `a al algo alguien algun alguna algunas alguno algunos ante antes aqui asi aun cada como con contra cual cuales
  cuando de del desde donde durante e el ella ellas ello ellos en entre era es esa esas ese eso esos esta estan
  estas este esto estos fue ha han hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos o os otra
  otro para pero poco por porque pues que quien se sea ser si sin sino sobre su sus tambien te ti tu tus u un una
  uno unos usted y ya yo soy estoy tengo tiene puedo puede hacer hago debo`.split(/\s+/),
)

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** The words that carry a text's meaning, as comparable stems. */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>()
  for (const word of fold(text).match(/[a-z0-9ñ]+/g) ?? []) {
    if (FUNCTION_WORDS.has(word) || word.length < 2) continue
    stems.add(word.slice(0, 5))
  }
  return stems
}

export type LeakSource = { where: string; text: string }
export type Leak = { questionId: string; question: string; where: string; text: string; overlap: number }

/**
 * How much a data item restates a question: the share of the longer one's meaning words that both hold, when they
 * share at least three (two words in common are a topic, 'despido arbitrario', not a restatement).
 */
export function overlap(question: Set<string>, item: Set<string>): number {
  let shared = 0
  for (const s of item) if (question.has(s)) shared++
  return shared < MIN_WORDS ? 0 : shared / Math.max(question.size, item.size)
}

export function findLeaks(
  questions: { id: string; question: string }[],
  sources: LeakSource[],
  threshold = LEAK_OVERLAP,
): Leak[] {
  // An inverted index from stem to the items holding it: each question counts, per item, the stems they share by
  // walking its own stems' lists, and computes the overlap only for items sharing three or more (the same figure
  // `overlap` gives). Reading every item that shares one stem ('traba', 'derec') was most of the check's time.
  const items = sources.map((s) => contentStems(s.text))
  const postings = new Map<string, number[]>()
  items.forEach((stems, i) => {
    for (const stem of stems) {
      const list = postings.get(stem)
      if (list) list.push(i)
      else postings.set(stem, [i])
    }
  })
  const shared = new Int32Array(items.length)
  const leaks: Leak[] = []
  for (const q of questions) {
    const stems = contentStems(q.question)
    const touched: number[] = []
    for (const stem of stems)
      for (const i of postings.get(stem) ?? []) if (shared[i]!++ === 0) touched.push(i)
    for (const i of touched) {
      const count = shared[i]!
      shared[i] = 0
      if (count < MIN_WORDS) continue
      const share = count / Math.max(stems.size, items[i]!.size)
      if (share >= threshold)
        leaks.push({
          questionId: q.id,
          question: q.question,
          where: sources[i]!.where,
          text: sources[i]!.text,
          overlap: share,
        })
    }
  }
  return leaks
}

/** Folded words of a text, in order, punctuation dropped. */
const foldedWords = (text: string) => fold(text).match(/[a-z0-9ñ]+/g) ?? []

export type Verbatim = { questionId: string; question: string; where: string; line: number }

/**
 * Every place where a question of three words or more stands word for word (accents, case and punctuation aside)
 * in some text: an evaluated system must not contain its evaluation, in its data, its prompts, its help or its
 * code. Questions are filed under their first three words, so each text is read once.
 */
export function findVerbatim(
  questions: { id: string; question: string }[],
  texts: { where: string; text: string }[],
): Verbatim[] {
  const byHead = new Map<string, { id: string; question: string; words: string[] }[]>()
  for (const q of questions) {
    const words = foldedWords(q.question)
    if (words.length < 3) continue
    const head = words.slice(0, 3).join(' ')
    byHead.set(head, [...(byHead.get(head) ?? []), { ...q, words }])
  }
  const found: Verbatim[] = []
  for (const { where, text } of texts)
    text.split('\n').forEach((line, n) => {
      const words = foldedWords(line)
      for (let i = 0; i + 3 <= words.length; i++)
        for (const q of byHead.get(`${words[i]} ${words[i + 1]} ${words[i + 2]}`) ?? [])
          if (q.words.every((w, k) => words[i + k] === w))
            found.push({ questionId: q.id, question: q.question, where, line: n + 1 })
    })
  return found
}
