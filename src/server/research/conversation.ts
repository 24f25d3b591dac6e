import { type Conversation, loadConversation } from '../corpus/pack/pack-data'
import { fold, words } from '../corpus/search/normalize'

export type ConversationKind = keyof Conversation

/** A word as people stretch it in chat ('holaaa', 'graciaaas'): three or more of a letter count as one. */
const unstretched = (word: string) => word.replace(/(.)\1{2,}/g, '$1')

const tokens = (text: string) => words(fold(text)).map(unstretched)

/** The pack's phrases as word sequences, per kind, in the order a reply prefers: a request for an opinion, a
 * farewell, thanks, a question about Lexia, a greeting, then chit-chat. */
function phrases(pack: Partial<Conversation>): [ConversationKind, string[][]][] {
  const kinds: ConversationKind[] = [
    'opinions',
    'farewells',
    'thanks',
    'aboutLexia',
    'greetings',
    'smallTalk',
  ]
  // Longest first: 'mil gracias' is taken whole before 'gracias' would leave 'mil' to search for.
  return kinds.map((k) => [
    k,
    (pack[k] ?? [])
      .map(tokens)
      .filter((p) => p.length > 0)
      .sort((a, b) => b.length - a.length),
  ])
}

let cached: [ConversationKind, string[][]][] | null = null
/** The pack's own phrases, read once. */
function packPhrases() {
  if (!cached) cached = phrases(loadConversation())
  return cached
}

/** Where a phrase starts in a message's words, or -1. */
const find = (message: string[], phrase: string[]) =>
  message.findIndex((_, i) => phrase.every((w, j) => message[i + j] === w))

/**
 * The conversation a message holds (the pack's conversation.json): its kind, and the message without it — what
 * search should look for, since 'gracias' is no evidence for the 'derecho de gracia'. Null when it holds none. Only
 * part of the decision: a greeting may open a legal question, which the research agent answers when search finds
 * strong evidence for the rest.
 */
export function conversation(
  message: string,
  pack?: Partial<Conversation>,
): { kind: ConversationKind; rest: string } | null {
  const table = pack ? phrases(pack) : packPhrases()
  let said = tokens(message)
  let kind: ConversationKind | null = null
  for (const [k, list] of table)
    for (const p of list) {
      let at = find(said, p)
      while (at >= 0) {
        kind ??= k
        said = [...said.slice(0, at), ...said.slice(at + p.length)]
        at = find(said, p)
      }
    }
  return kind ? { kind, rest: said.join(' ') } : null
}

/** The kind of conversation a message holds, or null. */
export const conversationKind = (message: string, pack?: Partial<Conversation>): ConversationKind | null =>
  conversation(message, pack)?.kind ?? null

/**
 * Whether the message is conversation alone, to be answered with the friendly reply and no search: nothing but
 * conversation phrases, or a request for an opinion or a forecast, which the law does not give whatever it names
 * ('who will win the elections' names elections the Constitution regulates).
 */
export const conversationOnly = (talk: { kind: ConversationKind; rest: string } | null) =>
  !!talk && (!talk.rest.trim() || talk.kind === 'opinions')
