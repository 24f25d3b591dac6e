/**
 * The part of the corpus each builtin agent searches (`builtin:<name>`). Norms are named by identifier (a '*' suffix
 * allowed, as search accepts); identifiers absent from the index simply match nothing, so a scope may name norms
 * that only the full corpus holds. Rulings carry no area in their identifier: they are chosen by their record (the
 * chamber that decided them, the claims and keywords the court listed).
 */

/** A ruling's record fields that tell its area of law (corpus_documents.metadata of a 'sentencia'). */
export type RulingFacts = {
  chamber: string | null
  appealType: string | null
  claims: string[]
  keywords: string[]
}

export type ResearchScope = {
  name: string
  /** How answers name what was searched: "No encontré en {searched}…". */
  searched: string
  /** Norm identifiers; null → every norm. */
  norms: readonly string[] | null
  /** Which rulings belong; null → every ruling. */
  rulings: ((ruling: RulingFacts) => boolean) | null
}

const isPenalChamber = (r: RulingFacts) => /penal/i.test(r.chamber ?? '')
const topics = (r: RulingFacts) => [r.appealType ?? '', ...r.claims, ...r.keywords].join(' | ')

const CONSTITUTIONAL_PROCESS =
  /\bamparo\b|h[aá]beas|acci[oó]n de cumplimiento|proceso constitucional|inconstitucionalidad|acci[oó]n popular/i
const LABOUR =
  /laboral|trabaj|despido|remunera|beneficios sociales|reposici[oó]n|planilla|compensaci[oó]n por tiempo|gratificaci|vacaciones|hostilidad|\bcts\b|nlpt|29497|31699|sindica|desnaturalizaci[oó]n/i
const TAX = /tribut|sunat|impuesto|tribunal fiscal/i

export const RESEARCH_SCOPES: Record<string, ResearchScope> = {
  general: {
    name: 'general',
    searched: 'las normas y sentencias del corpus',
    norms: null,
    rulings: null,
  },
  constitucional: {
    name: 'constitucional',
    searched: 'la Constitución, el Código Procesal Constitucional y la jurisprudencia constitucional',
    norms: ['CON-1993', 'LEY-31307-2021', 'LEY-28301-2004', 'LEY-28301-TC-2004'],
    // The 'Sala de Derecho Constitucional y Social' also decides labour and administrative cases: the process
    // (amparo, hábeas corpus…) tells a constitutional ruling, not the chamber's name.
    rulings: (r) => CONSTITUTIONAL_PROCESS.test(topics(r)),
  },
  laboral: {
    name: 'laboral',
    searched: 'las normas laborales y la jurisprudencia laboral',
    norms: [
      'DS-003-97-TR-1997',
      'LEY-29497-2010',
      'DLEG-728-1991',
      'DLEG-713-1991',
      'DLEG-650-1991',
      'LEY-27735-2002',
      'DLEG-854-1996',
      'DLEG-892-1996',
      'DL-25593-1992',
      'LEY-29783-2011',
      'LEY-27942-2003',
      'LEY-30709-2017',
      'LEY-31572-2022',
      'LEY-28518-2005',
      'DLEG-910-2001',
      'LEY-28806-2006',
      'LEY-31047-2020',
      'LEY-31110-2020',
    ],
    rulings: (r) => !isPenalChamber(r) && LABOUR.test(topics(r)),
  },
  penal: {
    name: 'penal',
    searched: 'el Código Penal, el Código Procesal Penal y la jurisprudencia penal',
    norms: [
      'DLEG-PENAL-1991',
      'DLEG-635-1991',
      'DLEG-PROCESAL-PENAL-*',
      'DLEG-957-*',
      'DLEG-638-1991',
      'DLEG-654-1991',
      'DLEG-813-1996',
      'LEY-28008-2003',
    ],
    rulings: isPenalChamber,
  },
  tributario: {
    name: 'tributario',
    searched: 'el Código Tributario y las normas tributarias',
    norms: ['DS-133-2013-EF-CODIGO-TRIBUTARIO-2013', 'DLEG-771-1993', 'DLEG-776-1993', 'DLEG-821-1996'],
    rulings: (r) => !isPenalChamber(r) && TAX.test(topics(r)),
  },
}

/** The names `builtin:<name>` accepts. */
export const RESEARCH_SCOPE_NAMES = Object.keys(RESEARCH_SCOPES)

export function researchScope(name: string): ResearchScope | undefined {
  return Object.hasOwn(RESEARCH_SCOPES, name) ? RESEARCH_SCOPES[name] : undefined
}

/** A ruling's metadata as stored by ingestion (a RulingRecord), read defensively. */
export function rulingFacts(metadata: Record<string, unknown>): RulingFacts {
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
  return {
    chamber: str(metadata.chamber),
    appealType: str(metadata.appealType),
    claims: list(metadata.claims),
    keywords: list(metadata.keywords),
  }
}
