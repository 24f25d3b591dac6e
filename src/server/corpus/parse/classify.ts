import type { RankClasses } from '../pack/manifest'
import type { NormMeta } from '../types'

export type DocumentClass = { tipoAlias: string; jerarquiaAlias: string; priority: number }

/** A rank the pack does not class: most ranks without a class of their own have the force of law. */
const WITH_FORCE_OF_LAW = 'Norma con rango de ley'

/**
 * A norm's class: its rank's in the country pack (pack.json rankClasses). Codes and consolidated texts (TUO) are what
 * people mean by "the law" on a subject: they outrank a plain law of the same rank, whatever instrument approved them
 * (a TUO approved by supreme decree keeps the force of law).
 */
export function classifyNorm(meta: Pick<NormMeta, 'rank' | 'title'>, ranks: RankClasses): DocumentClass {
  const known = Object.hasOwn(ranks, meta.rank) ? ranks[meta.rank] : undefined
  const base = (known && {
    tipoAlias: known.tipo,
    jerarquiaAlias: known.jerarquia,
    priority: known.priority,
  }) ?? {
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
