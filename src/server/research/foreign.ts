import { type ForeignCountry, loadForeign } from '../corpus/pack/pack-data'
import { fold, words } from '../corpus/search/normalize'

/**
 * Whether a message asks about another country's law ('el salario mínimo en Argentina', 'la ley chilena'): the
 * corpus holds one country's law, and its articles on the same subject would answer a question they do not govern.
 * A foreigner asking about this country's law ('soy venezolano, ¿puedo trabajar aquí?', 'me caso con una chilena')
 * is not such a message: what names another country must stand where a jurisdiction does.
 *
 * The words are data: country names from ICU (Intl.DisplayNames, in Spanish), demonyms, places and legal bodies from
 * the pack's foreign.json. The few function words below are Spanish grammar, not a list of countries or topics.
 */

type Kind = 'country' | 'place' | 'body' | 'demonym'
type Name = { iso: string; kind: Kind; words: string[] }

/**
 * The country a message names as the law it asks about: its ISO code, its Spanish name, the words that named it, and
 * whether it is named as the place of the facts or by its own law ('en Chile', 'la ley chilena', 'la AFIP') rather
 * than only as a country ('Chile pide mi extradición', 'el convenio de Chile'), which a treaty may answer for.
 */
export type ForeignMention = { iso: string; country: string; words: string[]; firm: boolean }

/** Before a country or place: it is where the matter happens or whose law it is ('en Chile', 'el código de México'). */
const WHERE = new Set(['en', 'de', 'del'])
/** Before 'de': where a person comes from ('soy de Colombia', 'vengo de Venezuela'), not whose law applies. */
const ORIGIN = new Set([
  'soy',
  'es',
  'eres',
  'somos',
  'son',
  'vengo',
  'viene',
  'vienen',
  'venimos',
  'vine',
  'vino',
  'llegue',
  'llego',
  'natural',
  'nacido',
  'nacida',
  'procedente',
  'originario',
  'originaria',
])
/** Articles and possessives that make the next noun a person or a thing of theirs ('una colombiana', 'mi esposa'). */
const DETERMINERS = 'un una unos unas mi mis tu tus su sus nuestro nuestra nuestros nuestras'.split(' ')
/** Right before a demonym, these make it a person ('un chileno', 'soy venezolana', 'con una colombiana'). */
const PERSON_BEFORE = new Set([
  ...DETERMINERS,
  ...'el la los las lo soy es eres somos son sea sean era fue ser siendo como con a al de del y o'.split(' '),
])
/** Two words before a demonym, these make the noun between a person or a thing of one ('mi esposa colombiana'). */
const PERSON_TWO_BEFORE = new Set(DETERMINERS)
/** Words that place the matter at home whatever else the message names ('¿vale aquí?'). */
const HERE = new Set(['aqui', 'aca'])

const tokens = (text: string) => words(fold(text))

/** ICU's Spanish names of regions, made once: every question asks for its home country's. */
const regionNames = new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' })
/** A country's name in Spanish ('PE' → 'Perú'), or undefined when ICU has none. */
export const countryName = (iso: string) => regionNames.of(iso.toUpperCase())

/** The folded word sequences of a name as people write it: 'Myanmar (Birmania)' is two names. */
function variants(name: string): string[][] {
  return name
    .split(/[()]/)
    .map(tokens)
    .filter((w) => w.length > 1 || (w.length === 1 && w[0]!.length > 2))
}

/** The term an `excluded` note is about: the text before its explanation ('China: also an everyday word'). */
const excludedTerm = (note: string) => fold(note.split(/[:—(]|\s-\s/)[0] ?? '')

/** Every name of every other country: ICU's names for the pack's countries, and the pack's own words for them. */
export function foreignNames(countries: readonly ForeignCountry[], home: string): Name[] {
  const short = new Intl.DisplayNames(['es'], { type: 'region', style: 'short', fallback: 'none' })
  const names: Name[] = []
  for (const c of countries) {
    if (c.iso === home.toUpperCase()) continue
    const excluded = new Set(c.excluded.map(excludedTerm))
    const add = (kind: Kind, list: (string | undefined)[]) => {
      for (const name of list) {
        if (!name || excluded.has(fold(name))) continue
        for (const w of variants(name)) names.push({ iso: c.iso, kind, words: w })
      }
    }
    add('country', [countryName(c.iso), short.of(c.iso)])
    add('place', c.places)
    add('body', c.legalBodies)
    add('demonym', c.demonyms)
  }
  // Longest first: 'Santiago de Chile' before 'Chile', 'Estados Unidos' before anything shorter.
  return names.sort((a, b) => b.words.length - a.words.length)
}

const at = (said: string[], name: string[], i: number) => name.every((w, j) => said[i + j] === w)

/** Whether a name found at `i` stands where a jurisdiction does (see the sets above). */
function jurisdiction(said: string[], i: number, kind: Kind): boolean {
  const before = said[i - 1]
  if (kind === 'body') return true
  if (kind === 'demonym') {
    if (before === undefined) return false
    return !PERSON_BEFORE.has(before) && !PERSON_TWO_BEFORE.has(said[i - 2] ?? '')
  }
  if (before === undefined) return true
  if (!WHERE.has(before)) return false
  return before === 'en' || !ORIGIN.has(said[i - 2] ?? '')
}

/**
 * The other country whose law a message asks about, or null: a country, place, legal body or demonym of one
 * standing where a jurisdiction does, in a message that does not name the consultation's own country (`home`, ISO).
 */
export function foreignMention(
  message: string,
  home: string,
  names: readonly Name[] = packNames(home),
): ForeignMention | null {
  const said = tokens(message)
  const homeName = countryName(home)
  const homeWords = homeName ? variants(homeName) : []
  if (said.some((w) => HERE.has(w))) return null
  if (homeWords.some((h) => said.some((_, i) => at(said, h, i)))) return null
  for (const name of names)
    for (let i = 0; i + name.words.length <= said.length; i++)
      if (at(said, name.words, i) && jurisdiction(said, i, name.kind)) {
        const country = countryName(name.iso) ?? name.iso
        const firm = name.kind === 'body' || name.kind === 'demonym' || said[i - 1] === 'en'
        return { iso: name.iso, country, words: name.words, firm }
      }
  return null
}

/** Whether a text (an article the corpus returned) names the country itself: then the corpus speaks of it. */
export function namesCountry(text: string, iso: string, names: readonly Name[]): boolean {
  const said = tokens(text)
  return names.some((n) => n.iso === iso && said.some((_, i) => at(said, n.words, i)))
}

const cache = new Map<string, Name[]>()
/** The pack's names of the countries other than `home`, read once per home country. */
export function packNames(home: string): Name[] {
  const key = home.toUpperCase()
  let names = cache.get(key)
  if (!names) {
    names = foreignNames(loadForeign(), key)
    cache.set(key, names)
  }
  return names
}
