import { decodeHTMLStrict } from 'entities'

/**
 * An '&' glued to the start of a lower-case word ('recién &plenamente vigente', 'z&olas') is what is left of an
 * entity or a quotation the court's listing lost, not text. After a capital or a digit it is the name's own
 * ampersand ('AT&T', 'I&D').
 */
const GLUED_AMPERSAND = /(?<![\p{Lu}\d])&(?=\p{Ll})/gu
/**
 * A free-standing '&' before a lower-case word ('denominados comercialmente & en bruto') is debris too: a real one
 * joins names, which are capitalised ('Rojas & Asociados', 'Johnson & Johnson').
 */
const LONE_AMPERSAND = /\s&(?=\s+\p{Ll})/gu
/** An '&' that only precedes a closing quote ('es decir, &".'): the quoted words are gone, the '&' with them. */
const AMPERSAND_BEFORE_QUOTE = /\s*&(?=["”»])/g

/**
 * HTML entities decoded ('&aacute;', '&#233;'; twice-encoded ones like '&amp;quot;' too), every name HTML knows.
 * Strict decoding only (a ';' is required): the lenient HTML rules would read '&notable' as '¬able'.
 */
export function decodeEntities(text: string): string {
  let decoded = text
  for (let pass = 0; pass < 3 && decoded.includes('&'); pass++) {
    const next = decodeHTMLStrict(decoded)
    if (next === decoded) break
    decoded = next
  }
  return decoded
}

/** Text scraped from HTML as plain text: entities decoded and the ampersand debris above removed. */
export function cleanEntityDebris(text: string): string {
  return decodeEntities(text)
    .replace(GLUED_AMPERSAND, '')
    .replace(LONE_AMPERSAND, '')
    .replace(AMPERSAND_BEFORE_QUOTE, '')
}
