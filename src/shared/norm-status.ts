/**
 * What a source's status means to a reader. The corpus writes a norm's status in English ('in_force', 'repealed',
 * as legalize-pe's front matter does) and a ruling's as the Poder Judicial's outcome ('Procedente', 'Infundada').
 * The sources drawer and the original's PDF both read them from here, so one status never reads two ways.
 */

/** calm: in force; notice: in force with changes or in part; warning: not in force; neutral: not a verdict on force. */
export type StatusTone = 'calm' | 'notice' | 'warning' | 'neutral'

export type StatusView = { label: string; tone: StatusTone }

/**
 * The statuses the index gives a norm a later norm of the folder repeals (server/corpus/search/repeals.ts), whole or
 * in part: legalize-pe's own words for them, so the drawer and the PDF edition read them as any file's.
 */
export const REPEALED = 'repealed'
export const PARTLY_REPEALED = 'partially_repealed'

/** Norma is feminine in Spanish: 'Vigente', 'Derogada'. Spanish spellings are accepted as the file may use them. */
const NORM_STATUSES: Readonly<Record<string, StatusView>> = {
  in_force: { label: 'Vigente', tone: 'calm' },
  vigente: { label: 'Vigente', tone: 'calm' },
  amended: { label: 'Modificada', tone: 'notice' },
  modified: { label: 'Modificada', tone: 'notice' },
  modificada: { label: 'Modificada', tone: 'notice' },
  [PARTLY_REPEALED]: { label: 'Derogada parcialmente', tone: 'notice' },
  derogada_parcialmente: { label: 'Derogada parcialmente', tone: 'notice' },
  [REPEALED]: { label: 'Derogada', tone: 'warning' },
  derogada: { label: 'Derogada', tone: 'warning' },
  derogado: { label: 'Derogada', tone: 'warning' },
  suspended: { label: 'Suspendida', tone: 'warning' },
  annulled: { label: 'Anulada', tone: 'warning' },
  expired: { label: 'Sin vigencia', tone: 'warning' },
  unconstitutional: { label: 'Declarada inconstitucional', tone: 'warning' },
}

const keyOf = (status: string) =>
  status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** A norm's status as a reader says it; an unknown one is shown as written, with no colour that claims a meaning. */
export function normStatus(status: string): StatusView {
  const key = keyOf(status)
  return NORM_STATUSES[key] ?? { label: capitalise(key.replace(/_+/g, ' ')), tone: 'neutral' }
}

/**
 * The status a source item carries, as its badge shows it: a norm's force, or a ruling's outcome (already Spanish,
 * and no statement about whether a law applies, hence neutral). Null when there is nothing to show.
 */
export function sourceStatus(kind: 'norma' | 'sentencia', status: string | null): StatusView | null {
  const text = status?.trim()
  if (!text) return null
  if (kind === 'sentencia') return { label: `Resultado: ${text}`, tone: 'neutral' }
  return normStatus(text)
}
