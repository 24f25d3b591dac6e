/** Lower-case, accents and punctuation folded: how queries and aliases are compared. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[°º]/g, ' ')
    .replace(/[^a-z0-9ñ.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The words of a query as the index sees them: letters and digits, in order. */
export function words(folded: string): string[] {
  return folded.split(/[^a-z0-9ñ]+/).filter(Boolean)
}
