/**
 * A heuristic for tests: does a message a user may read look English? Words that are common in English
 * messages and are not Spanish words (nor in the product's Spanish messages: 'Payload', 'Yape', 'JSON').
 */
const ENGLISH_WORDS = [
  'the',
  'is',
  'are',
  'was',
  'must',
  'should',
  'expected',
  'received',
  'invalid',
  'required',
  'not',
  'found',
  'failed',
  'please',
  'unknown',
  'unauthorized',
  'forbidden',
  'too',
  'many',
  'missing',
  'string',
  'number',
  'user',
  'email',
  'password',
  'request',
  'if',
  'this',
  'exists',
  'our',
  'your',
  'check',
  'with',
  'for',
  'and',
  'of',
  'to',
  'big',
  'small',
  'characters',
  'sent',
  'deleted',
  'error',
]
// 'error' is Spanish too: only flagged when an English word sits beside it ('Internal Server Error').
const ENGLISH = new RegExp(`\\b(${ENGLISH_WORDS.filter((w) => w !== 'error').join('|')})\\b`, 'i')

/** The English word that gives a message away, or null. Machine codes (no spaces) are not messages. */
export function englishIn(text: string): string | null {
  if (!/\s/.test(text.trim())) return null
  return ENGLISH.exec(text)?.[1] ?? null
}

/** Every human-readable string in an error or response body: messages, descriptions and detail values. */
export function readableStrings(body: unknown, depth = 0): string[] {
  if (typeof body === 'string') return [body]
  if (!body || typeof body !== 'object' || depth > 4) return []
  return Object.values(body).flatMap((v) => readableStrings(v, depth + 1))
}
