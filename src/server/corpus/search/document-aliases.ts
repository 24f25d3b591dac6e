import { fold } from './normalize'

/**
 * How people name the main norms, with the legalize-pe identifiers they mean. Some codes stand in two files
 * (the Código Civil and the NCPP are split), so an alias may name several.
 */
const ALIASES: [string[], string[]][] = [
  [['constitucion', 'constitucion politica', 'constitucion politica del peru', 'const'], ['CON-1993']],
  [
    ['codigo civil', 'cc', 'cod civil', 'c.c.'],
    ['DLEG-295-1984', 'DLEG-CIVIL-2-1984'],
  ],
  [['codigo penal', 'cp', 'cod penal', 'c.p.'], ['DLEG-PENAL-1991']],
  [['codigo procesal civil', 'cpc', 'c.p.c.'], ['DLEG-768-1993']],
  [
    ['codigo procesal penal', 'nuevo codigo procesal penal', 'ncpp', 'cpp', 'n.c.p.p.'],
    ['DLEG-PROCESAL-PENAL-2004', 'DLEG-PROCESAL-PENAL-2-2004'],
  ],
  [
    [
      'codigo procesal constitucional',
      'nuevo codigo procesal constitucional',
      'cpconst',
      'cp const',
      'npconst',
    ],
    ['LEY-31307-2021'],
  ],
  [
    [
      'codigo de proteccion y defensa del consumidor',
      'codigo del consumidor',
      'codigo de consumo',
      'cpdc',
      'ley 29571',
    ],
    ['LEY-29571-2010'],
  ],
  [
    [
      'ley de productividad y competitividad laboral',
      'lpcl',
      'tuo del decreto legislativo 728',
      'decreto legislativo 728',
      'd.leg. 728',
      'dleg 728',
      'd.leg 728',
      'dl 728',
      'tuo 728',
    ],
    ['DS-003-97-TR-1997'],
  ],
  [
    [
      'ley del procedimiento administrativo general',
      'ley de procedimiento administrativo general',
      'lpag',
      'tuo lpag',
      'tuo de la lpag',
      'ley 27444',
    ],
    ['DS-004-2019-JUS-TUO-27444-2019'],
  ],
  [['codigo tributario', 'ct', 'tuo del codigo tributario'], ['DS-133-2013-EF-CODIGO-TRIBUTARIO-2013']],
  [
    ['ley de proteccion de datos personales', 'proteccion de datos personales', 'lpdp', 'ley 29733'],
    ['LEY-29733-2011'],
  ],
  [['codigo de los ninos y adolescentes', 'codigo del nino', 'cna', 'ley 27337'], ['LEY-27337-2000']],
  [['nueva ley procesal del trabajo', 'nlpt', 'ley 29497', 'ley procesal del trabajo'], ['LEY-29497-2010']],
  [['codigo de comercio'], ['CODIGO-DE-COMERCIO-H682686-1993']],
]

type Alias = { phrase: string; identifiers: string[] }

const TABLE: Alias[] = ALIASES.flatMap(([phrases, identifiers]) =>
  phrases.map((p) => ({ phrase: fold(p), identifiers })),
).sort((a, b) => b.phrase.length - a.phrase.length)

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
