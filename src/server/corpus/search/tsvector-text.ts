import type { FieldCounts } from './rank'

/**
 * Some lexemes' counts and positions in a passage, read from its tsvector's text form
 * (`'despid':3A,40C,52C 'mandat':7B`): weight A heading, B structure path, C text, D (printed without a letter)
 * descriptors. Postgres hands the text over faster than it unnests a long tsvector row by row, and looking a few
 * stems up in it costs a few string searches. Entries come in the tsvector's own order.
 */
export function tsvectorMatches(text: string, stems: Iterable<string>): Map<string, FieldCounts> {
  const found: { index: number; stem: string; counts: FieldCounts }[] = []
  for (const stem of stems) {
    const needle = `'${stem.replace(/'/g, "''")}'`
    let index = text.indexOf(needle)
    // A lexeme starts the text or follows a space; elsewhere the needle is inside another lexeme.
    while (index > 0 && text[index - 1] !== ' ') index = text.indexOf(needle, index + 1)
    if (index < 0) continue
    const counts: FieldCounts = { a: 0, b: 0, c: 0, d: 0, at: [] }
    let i = index + needle.length
    if (text[i] === ':') {
      i++
      while (i < text.length && text[i] !== ' ') {
        let position = 0
        while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) {
          position = position * 10 + text.charCodeAt(i) - 48
          i++
        }
        const weight = text[i]
        if (weight === 'A' || weight === 'B' || weight === 'C') i++
        if (weight === 'A') counts.a++
        else if (weight === 'B') counts.b++
        else if (weight === 'C') {
          counts.c++
          counts.at!.push(position)
        } else {
          counts.d++
          counts.atD ??= []
          counts.atD.push(position)
        }
        if (text[i] === ',') i++
      }
    }
    found.push({ index, stem, counts })
  }
  found.sort((x, y) => x.index - y.index)
  return new Map(found.map((f) => [f.stem, f.counts]))
}

/** Every lexeme of a tsvector's text form, with how many positions it has of each weight (A, B, C, D). */
export function forEachLexeme(
  text: string,
  visit: (lexeme: string, a: number, b: number, c: number, d: number) => void,
): void {
  let i = text.indexOf("'")
  while (i >= 0 && i < text.length) {
    // A quoted lexeme: a doubled quote inside it stands for one.
    let lexeme = ''
    let from = i + 1
    for (;;) {
      const quote = text.indexOf("'", from)
      if (quote < 0) return
      if (text[quote + 1] === "'") {
        lexeme += text.slice(from, quote + 1)
        from = quote + 2
        continue
      }
      lexeme += text.slice(from, quote)
      i = quote + 1
      break
    }
    let a = 0
    let b = 0
    let c = 0
    let d = 0
    if (text[i] === ':') {
      i++
      while (i < text.length && text[i] !== ' ') {
        while (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++
        const weight = text[i]
        if (weight === 'A') a++
        else if (weight === 'B') b++
        else if (weight === 'C') c++
        else d++
        if (weight === 'A' || weight === 'B' || weight === 'C') i++
        if (text[i] === ',') i++
      }
    }
    visit(lexeme, a, b, c, d)
    i = text.indexOf("'", i)
  }
}
