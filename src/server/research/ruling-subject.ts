import { findDocumentMention } from '../corpus/search/document-aliases'
import { fold, words } from '../corpus/search/normalize'
import { ANSWER_GATE, type Ideas } from './relevance'
import { researchScope } from './scopes'

/**
 * Whether a Supreme Court ruling is on the question's subject, so that an answer may attach it (issue 16, item 4).
 *
 * A ruling's record says what it is about in two kinds of fields. Its tags — the claim (pretensión: for a criminal
 * case, the crime charged, 'Robo Agravado Art. 189'), the keywords and the appeal type — are shared by dozens of
 * rulings on other issues: every extradition for robbery carries the robbery tag. Its own words — the sumilla the
 * court wrote, a passage of its full text — and the norms it cites say what it decided. So a ruling concerns the
 * question when its own words hold what the question asks beyond the ruling's tag, or when it cites the very
 * article the answer cites; never on a shared tag or word alone.
 */

/** What the decision reads of a ruling: its record's fields and the passage search found, if from its full text. */
export type RulingSubject = {
  appealType: string | null
  summary: string | null
  /** A passage of the ruling's own text (not the record sheet built from its fields); null when none was found. */
  passage: string | null
  claims: readonly string[]
  keywords: readonly string[]
  citedNorms: readonly string[]
}

/** An article the answer cites: its document's identifier and article number ('DLEG-PENAL-1991', '189'). */
export type AnswerNorm = { identifier: string; number: string | null }

export type SubjectEvidence = {
  /** The ruling cites an article the answer cites (that is not merely its own claim's article). */
  citesArticle: boolean
  /**
   * Weight of the question's ideas its own words hold beyond those its claim holds, with those its keywords add
   * when its own words hold some.
   */
  issueWeight: number
  /** Weight of the question's ideas its claim does not hold. */
  restWeight: number
  /** Weight of all the question's ideas. */
  totalWeight: number
  /**
   * Weight of the question's ideas outside its claim that its own words or its keywords hold (the court's everyday
   * vocabulary weighs nothing).
   */
  beyondClaimWeight: number
  /** The question's specific ideas (ANSWER_GATE.specific), and how many of them the ruling's record holds at all. */
  specificIdeas: number
  heldIdeas: number
}

/**
 * The question's ideas as a ruling's evidence: `weights` count nothing for the court's everyday vocabulary (holding
 * 'recurso' says nothing of a ruling's subject); `asked` keeps every idea's weight, for how much the question asks.
 */
export type RulingIdeas = Ideas & { asked: number[] }

/**
 * The share of the question's ideas beyond the ruling's claim that its own words must hold, and the share of the
 * whole question they must be: 'pena por robo agravado' is not answered by a robbery ruling on suspending the
 * sentence, whose sumilla holds only 'pena'.
 */
const ISSUE_SHARE = 0.5
const MIN_QUESTION_SHARE = 0.25
/** An idea held by more than this share of the rulings' sumillas is the court's everyday vocabulary. */
const COURT_VOCABULARY_SHARE = 0.1

/**
 * Whether a text holds a word: the same word, its plural, or — for words long enough to inflect ('condenado',
 * 'condenada') — the same root. Short words match whole: 'pena' is not 'penal', 'robo' is not 'robot'.
 */
function holdsWord({ tokens, prefixes }: RulingText, word: string): boolean {
  if (tokens.has(word) || tokens.has(`${word}s`) || tokens.has(`${word}es`)) return true
  if (word.length <= 5) return false
  const root = word.slice(0, Math.max(5, word.length - 2))
  return prefixes.has(root)
}

/** A text's words, ready for ideasInText: read once, matched against every question. */
export type RulingText = {
  tokens: ReadonlySet<string>
  /** Every beginning of five letters or more of its words: a root is held in one look-up. */
  prefixes: ReadonlySet<string>
}

export function rulingText(text: string): RulingText {
  const list = words(fold(text))
  const prefixes = new Set<string>()
  for (const t of new Set(list)) for (let n = 5; n <= t.length; n++) prefixes.add(t.slice(0, n))
  return { tokens: new Set(list), prefixes }
}

/** Which of the question's ideas a text holds (indexes into ideas.units). */
export function ideasIn(text: string, ideas: Ideas): Set<number> {
  return ideasInText(rulingText(text), ideas)
}

function ideasInText(text: RulingText, ideas: Ideas): Set<number> {
  const held = new Set<number>()
  ideas.forms.forEach((forms, i) => {
    if (forms.some((form) => form.split(/\s+/).every((part) => holdsWord(text, part)))) held.add(i)
  })
  return held
}

/**
 * The question's ideas as evidence about rulings: an idea that many rulings' sumillas hold ('corte suprema',
 * 'recurso', 'declarar procedente', 'proceso penal') is the court's everyday vocabulary, shared by rulings on every
 * subject, and weighs nothing as something a ruling holds. It still weighs in what the question asks (`asked`): a
 * question's point may be a word the court uses every day ('apelar', 'plazo'), and without it a sumilla holding only
 * the question's other words would seem to hold the whole question. `summaries` are the sumillas of the
 * rulings searched (see ruling-vocabulary.ts).
 */
export function rulingIdeas(ideas: Ideas, summaries: readonly RulingText[]): RulingIdeas {
  const held = ideas.forms.map(() => 0)
  for (const text of summaries) for (const i of ideasInText(text, ideas)) held[i]!++
  const limit = Math.max(1, summaries.length * COURT_VOCABULARY_SHARE)
  return {
    ...ideas,
    weights: ideas.weights.map((w, i) => (held[i]! > limit ? 0 : w)),
    asked: [...ideas.weights],
  }
}

const weightOf = (held: Iterable<number>, ideas: Ideas) => {
  let w = 0
  for (const i of held) w += ideas.weights[i] ?? 0
  return w
}

/** 'Código Penal : 189' → the norm's identifiers and '189'; 'Ley 29497' → its identifiers and no article. */
export function parseCitedNorm(cited: string): { identifiers: string[]; article: string | null } | null {
  const [name = '', article = ''] = cited.split(/\s*:\s*/)
  const mention = findDocumentMention(fold(name))
  if (!mention) return null
  const number = /^\s*(\d+(?:-[a-z])?)/i.exec(article)?.[1]?.toUpperCase() ?? null
  return { identifiers: mention.identifiers, article: number }
}

/**
 * The articles a sumilla names with their norm ('el numeral 6 del artículo 430 del CPP', 'el artículo 57 del
 * Código Penal'): the court saying in its own words which article it applied, as a cited norm of its record does
 * (few records list them). An article counts only with the norm named right after it; one named alone does not.
 */
export function summaryCitations(summary: string): { identifiers: string[]; article: string }[] {
  const folded = fold(summary)
  const out: { identifiers: string[]; article: string }[] = []
  for (const m of folded.matchAll(/\b(?:articulos?|arts?\.?)\s*(?:n\.?\s*)?(\d{1,4}(?:-[a-z])?)\b/g)) {
    const end = m.index + m[0].length
    const mention = findDocumentMention(folded.slice(end, end + 80))
    // 'del Código Procesal Penal', 'de la Ley 29497': the norm follows within a few words.
    if (!mention || mention.start > 25) continue
    out.push({ identifiers: mention.identifiers, article: m[1]!.toUpperCase() })
  }
  return out
}

/** The articles a claim names: 'Robo Agravado Art. 189.1' → 189; 'Violación … Art. 170' → 170. */
export function claimArticles(claims: readonly string[]): Set<string> {
  const out = new Set<string>()
  for (const claim of claims)
    for (const m of claim.matchAll(/\bart(?:[íi]culo)?\.?\s*(\d+(?:-[a-z])?)/gi)) out.add(m[1]!.toUpperCase())
  return out
}

/** An identifier as a scope or a mention writes it, with an optional '*' suffix, matches a document's. */
const sameDocument = (pattern: string, identifier: string) =>
  pattern.endsWith('*') ? identifier.startsWith(pattern.slice(0, -1)) : pattern === identifier

export function subjectEvidence(
  ruling: RulingSubject,
  ideas: Ideas | RulingIdeas,
  norms: readonly AnswerNorm[],
): SubjectEvidence {
  // What the question asks weighs every idea; what the ruling holds, only those beyond the court's vocabulary.
  const asked = { ...ideas, weights: 'asked' in ideas ? ideas.asked : ideas.weights }
  const totalWeight = weightOf(ideas.weights.keys(), asked)
  // The appeal type is a tag too: every extradition's sumilla says 'extradición'.
  const claimIdeas = ideasIn([ruling.appealType ?? '', ...ruling.claims].join(' ; '), ideas)
  const own = ideasIn(`${ruling.summary ?? ''} \n ${ruling.passage ?? ''}`, ideas)
  const issue = [...own].filter((i) => !claimIdeas.has(i))
  const tagged = [...ideasIn(ruling.keywords.join(' ; '), ideas)].filter((i) => !claimIdeas.has(i))
  // A criminal ruling cites the article of the crime charged: that is its tag again, not what it decided.
  const claimed = claimArticles(ruling.claims)
  let citesArticle = false
  const cited = [...ruling.citedNorms.map(parseCitedNorm), ...summaryCitations(ruling.summary ?? '')]
  for (const parsed of cited) {
    if (!parsed) continue
    for (const norm of norms) {
      if (!parsed.identifiers.some((p) => sameDocument(p, norm.identifier))) continue
      if (parsed.article && parsed.article === norm.number?.toUpperCase() && !claimed.has(parsed.article))
        citesArticle = true
    }
  }
  // The keywords are the court's own tags of the issue ('Prisión preventiva'): they add to what its words hold,
  // never stand alone — a ruling found only by its keywords is found by a tag.
  const ownWeight = weightOf(issue, ideas)
  const keywordWeight =
    ownWeight > 0
      ? weightOf(
          tagged.filter((i) => !own.has(i)),
          ideas,
        )
      : 0
  const specific = (i: number) => (ideas.weights[i] ?? 0) >= ANSWER_GATE.specific
  return {
    citesArticle,
    issueWeight: ownWeight + keywordWeight,
    restWeight: totalWeight - weightOf(claimIdeas, asked),
    totalWeight,
    beyondClaimWeight: weightOf(new Set([...issue, ...tagged]), ideas),
    specificIdeas: [...ideas.weights.keys()].filter(specific).length,
    heldIdeas: [...new Set([...own, ...claimIdeas, ...tagged])].filter(specific).length,
  }
}

/**
 * The decision: see the module's comment. `alone`: no norm answers, so the rulings would be the whole answer; then,
 * as for a norm that leads (relevance.ts), the ruling must hold two of the question's specific ideas — one word in
 * common with a sumilla ('cuenta') is no sign that the question is legal at all.
 */
export function concernsQuestion(e: SubjectEvidence, alone = false): boolean {
  if (e.totalWeight <= 0) return false
  if (alone && e.heldIdeas < Math.min(ANSWER_GATE.ideas, e.specificIdeas)) return false
  // The very article the answer rests on, and something of the question beyond the ruling's tag — not the court's
  // everyday words ('recurso', 'proceso'), which every ruling citing that article holds.
  if (e.citesArticle && e.beyondClaimWeight > 0) return true
  // Otherwise the court's own words decide. A norm cited without article ('Ley 29497', the labour procedure law
  // of every labour appeal) vouches for the area of law, not the issue, and adds nothing.
  return (
    e.issueWeight > 0 &&
    e.issueWeight >= ISSUE_SHARE * e.restWeight &&
    e.issueWeight >= MIN_QUESTION_SHARE * e.totalWeight
  )
}

/**
 * The criminal area as the country pack draws the 'penal' scope (scopes.json): its norms, and its rulings' rule read
 * on the chamber alone (Peru's: a chamber whose name says 'penal'). A pack without that scope, or whose scope takes
 * every norm or every ruling, draws no line: nothing is criminal.
 */
const criminalScope = () => researchScope('penal')
const isCriminalNorm = (identifier: string) =>
  (criminalScope()?.norms ?? []).some((p) => sameDocument(p, identifier))
const isCriminalChamber = (chamber: string | null) =>
  criminalScope()?.rulings?.({ chamber, appealType: null, claims: [], keywords: [] }) ?? false

/**
 * Whether a ruling is of the question's area of law, criminal or not: a criminal chamber's extradition is no answer
 * to a tenancy question, however many words its sumilla shares ('garantía', 'departamento'). The question's area is
 * that of the norms the answer cites and of its words (search's areas of law, domains.ts); when neither tells,
 * any area goes.
 */
export function sameArea(chamber: string | null, areaNorms: readonly string[]): boolean {
  if (!areaNorms.length) return true
  const criminalRuling = isCriminalChamber(chamber)
  return areaNorms.some((id) => isCriminalNorm(id) === criminalRuling)
}
