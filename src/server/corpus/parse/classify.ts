import type { NormMeta } from '../types'

export type DocumentClass = { tipoAlias: string; jerarquiaAlias: string; priority: number }

const CONSTITUTIONAL = 'Norma constitucional'
const WITH_FORCE_OF_LAW = 'Norma con rango de ley'
const REGULATION = 'Norma reglamentaria'

/** legalize-pe ranks → spec §3 aliases and a search prior (higher wins ties). */
const BY_RANK: Record<string, DocumentClass> = {
  constitucion: { tipoAlias: 'Constitución', jerarquiaAlias: CONSTITUTIONAL, priority: 100 },
  ley_de_reforma_constitucional: {
    tipoAlias: 'Ley de Reforma Constitucional',
    jerarquiaAlias: CONSTITUTIONAL,
    priority: 70,
  },
  codigo: { tipoAlias: 'Código', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 80 },
  codigo_de_comercio: { tipoAlias: 'Código', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 70 },
  ley_organica: { tipoAlias: 'Ley Orgánica', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 60 },
  ley: { tipoAlias: 'Ley', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 50 },
  decreto_legislativo: { tipoAlias: 'Decreto Legislativo', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 50 },
  decreto_ley: { tipoAlias: 'Decreto Ley', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 40 },
  decreto_de_urgencia: { tipoAlias: 'Decreto de Urgencia', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 35 },
  decreto_urgencia: { tipoAlias: 'Decreto de Urgencia', jerarquiaAlias: WITH_FORCE_OF_LAW, priority: 35 },
  resolucion_legislativa: {
    tipoAlias: 'Resolución Legislativa',
    jerarquiaAlias: WITH_FORCE_OF_LAW,
    priority: 20,
  },
  decreto_supremo: { tipoAlias: 'Decreto Supremo', jerarquiaAlias: REGULATION, priority: 30 },
}

/**
 * Codes and consolidated texts (TUO) are what people mean by "the law" on a subject: they outrank a plain law
 * of the same rank, whatever instrument approved them (a TUO approved by supreme decree keeps the force of law).
 */
export function classifyNorm(meta: Pick<NormMeta, 'rank' | 'title'>): DocumentClass {
  const base = BY_RANK[meta.rank] ?? {
    tipoAlias: meta.rank.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    jerarquiaAlias: WITH_FORCE_OF_LAW,
    priority: 10,
  }
  const title = meta.title.normalize('NFC')
  if (/^(nuevo\s+)?c[oó]digo\b/i.test(title))
    return { ...base, tipoAlias: 'Código', priority: Math.max(base.priority, 80) }
  if (/^TUO\b|texto [uú]nico ordenado/i.test(title)) {
    const isCode = /c[oó]digo/i.test(title)
    return {
      tipoAlias: isCode ? 'Código' : 'Texto Único Ordenado',
      jerarquiaAlias: WITH_FORCE_OF_LAW,
      priority: Math.max(base.priority, isCode ? 80 : 70),
    }
  }
  return base
}

/** Rulings of the Corte Suprema: the appeal type is their tipo_alias. */
export function classifyRuling(appealType: string): DocumentClass {
  const tipo = appealType.trim() || 'Sentencia'
  return {
    tipoAlias: tipo.replace(/^./, (c) => c.toUpperCase()),
    jerarquiaAlias: 'Corte Suprema',
    priority: 40,
  }
}
