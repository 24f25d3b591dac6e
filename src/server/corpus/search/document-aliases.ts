import { loadLawNames } from '../pack/pack-data'
import { fold } from './normalize'

type Alias = { phrase: string; identifiers: string[] }

/**
 * How people name the main norms, with the identifiers they mean (the country pack's law-names.json). Some codes
 * stand in two files (the Código Civil and the NCPP are split), so a name may stand for several.
 */
const TABLE: Alias[] = loadLawNames()
  .flatMap(({ names, identifiers }) => names.map((p) => ({ phrase: fold(p), identifiers })))
  .sort((a, b) => b.phrase.length - a.phrase.length)

export type DocumentMention = { identifiers: string[]; start: number; end: number; phrase: string }

/** The norm a query names, if any: the longest alias wins ('codigo procesal civil' over 'codigo civil'). */
export function findDocumentMention(folded: string): DocumentMention | null {
  for (const { phrase, identifiers } of TABLE) {
    const re = new RegExp(`(^|[^a-z0-9ñ])${phrase.replace(/[.]/g, '\\.')}(?=$|[^a-z0-9ñ])`)
    const m = re.exec(folded)
    if (m) {
      const start = m.index + m[1]!.length
      return { identifiers, start, end: start + phrase.length, phrase }
    }
  }
  // Generic numbered norms: 'ley 30364', 'decreto legislativo 1057', 'd.leg. 1057', 'decreto de urgencia 014-2019'.
  const numbered =
    /\b(ley|decreto legislativo|d\.? ?leg\.?|dleg|decreto ley|decreto de urgencia|du)\s*(?:n\.? ?|nro\.? ?|numero )?(\d{3,5})(?:-(\d{2,4}))?\b/.exec(
      folded,
    )
  if (numbered) {
    const kind = numbered[1]!
    const prefix =
      kind === 'ley'
        ? 'LEY'
        : kind.startsWith('decreto ley')
          ? 'DL'
          : /urgencia|du/.test(kind)
            ? 'DU'
            : 'DLEG'
    return {
      identifiers: [`${prefix}-${numbered[2]}${numbered[3] ? `-${numbered[3]}` : ''}-*`],
      start: numbered.index,
      end: numbered.index + numbered[0].length,
      phrase: numbered[0],
    }
  }
  return null
}
