import remend from 'remend'

/*
 * A partial answer is the answer so far, cut anywhere: inside bold (`**En resum`), after a heading's `###`, on a list
 * marker, inside a link or a citation (`[1`). Rendered as it is, the unfinished construct shows its raw markers
 * until the next part arrives. The inline constructs are closed by remend (Vercel's streamdown healer: no
 * dependencies, a few KB, kept with streamdown); what it leaves — a citation or an image cut open, a line holding
 * only markers, a table whose delimiter row has not arrived, a marker with nothing after it yet — is hidden here
 * until it is whole. The final answer is rendered as sent, never repaired.
 */

/** A citation cut open ('[1', '[1, 2', '['): the server's own rule for a model's partials (citations.ts). */
const OPEN_CITATION = /\s*\[[\d\s,;–-]*$/
/** An image cut before its closing parenthesis: its placeholder would be a broken image. */
const OPEN_IMAGE = /!\[[^\]\n]*(\]\([^)\n]*)?$/
/** A last line of markers only: '###', '>', '-', '2.', '--' (a setext underline or a rule on its way), '|'. */
const MARKERS_ONLY_LINE = /(^|\n)[ \t]*(#{1,6}|>|[-*+=_]+|\d{1,9}[.)]|\|)[ \t]*$/
/** Emphasis or code markers with nothing after them yet ('a **', 'la `'): no content to close around. */
const BARE_EMPHASIS = /(^|\s)[*_~`]+$/
/** A trailing backslash escapes what comes next; alone it shows as '\'. */
const TRAILING_BACKSLASH = /\\$/

const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').length
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

/**
 * A GFM table is a table only once its delimiter row is whole; before that its header shows as '| a | b |'.
 * The unfinished table (the last block, every line starting with '|') is hidden until then.
 */
function withoutOpenTable(text: string): string {
  const start = text.lastIndexOf('\n\n') + 1
  const block = text.slice(start).replace(/^\n/, '')
  const lines = block.split('\n')
  if (!lines.every((l) => /^[ \t]*\|/.test(l))) return text
  const [header, delimiter] = lines
  const whole =
    delimiter !== undefined && DELIMITER_ROW.test(delimiter) && cells(delimiter) === cells(header ?? '')
  return whole ? text : text.slice(0, start).trimEnd()
}

/** Strips what is unfinished at the end, repeatedly: hiding one construct may leave another at the end. */
function withoutOpenEnd(text: string): string {
  let out = text.trimEnd()
  for (;;) {
    const next = withoutOpenTable(
      out
        .replace(OPEN_CITATION, '')
        .replace(OPEN_IMAGE, '')
        .replace(MARKERS_ONLY_LINE, '')
        .replace(BARE_EMPHASIS, '')
        .replace(TRAILING_BACKSLASH, ''),
    ).trimEnd()
    if (next === out) return out
    out = next
  }
}

/** The partial answer made renderable: unfinished constructs closed or hidden, nothing added that is not text. */
export function repairPartialMarkdown(partial: string): string {
  // A half link shows its label only (linkMode 'text-only'), not a placeholder link the URL filter would disarm.
  return remend(withoutOpenEnd(partial), { linkMode: 'text-only', images: false })
}
