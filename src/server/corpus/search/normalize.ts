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

/**
 * Pronouns Spanish attaches to infinitives and gerunds: 'demandarlo', 'devolvérmelo', 'pagándome'. Not 'te' and
 * 'nos', which end too many other words ('contraparte', 'internos', 'gobiernos'). A verb's stem needs three letters
 * ('carlos', 'perla' are not verbs), so the few short verbs are named: 'darme', 'verlo', 'irse', 'dandole'.
 */
const ENCLITIC_RE =
  /^([a-zñ]{3,}(?:ar|er|ir|ando|iendo)|dar|ver|ser|ir|oir|dando|viendo|siendo|yendo|oyendo)(?:me|se|le|les|lo|los|la|las)(?:lo|los|la|las)?$/

/**
 * A folded query word without the pronouns attached to it: 'demandarlo' → demandar, 'devolvermelo' → devolver,
 * 'pagandome' → pagando. People write the verb with its object in one word; the thesaurus' keys and the areas of
 * law are written with the verb alone, and a short key matches whole words only.
 */
export function withoutEnclitics(word: string): string {
  return ENCLITIC_RE.exec(word)?.[1] ?? word
}
