import { PARTLY_REPEALED } from '../../shared/norm-status'
import type { SourceItem } from '../../shared/search-schemas'
import { amendingName } from './search/amendments'
import type { SearchHit } from './search/search'

export const originalUrl = (identifier: string) => `/api/originals/${encodeURIComponent(identifier)}.pdf`

/** 'Norma derogada por: Ley …', or 'en parte' when some of its provisions stay (search/repeals.ts). */
function repealNote(hit: SearchHit): string {
  const how = hit.status === PARTLY_REPEALED ? 'derogada en parte' : 'derogada'
  return `Norma ${how} por: ${hit.repealedBy.join('; ')}`
}

/** 'Artículo modificado por: Ley 31469, Artículo único' (search/amendments.ts). */
const amendNote = (hit: SearchHit) =>
  `Artículo modificado por: ${hit.amendedBy.map((a) => `${amendingName(a)}, ${a.article}`).join('; ')}`

/** A search hit as the spec's source item: what answers cite and the sources drawer lists. */
export function toSourceItem(hit: SearchHit): SourceItem {
  const where = hit.path ? `${hit.path} › ` : ''
  return {
    title:
      hit.passageKind === 'articulo' || hit.passageKind === 'disposicion'
        ? `${hit.title}, ${hit.label}`
        : hit.title,
    tipo_alias: hit.tipoAlias,
    jerarquia_alias: hit.jerarquiaAlias,
    content: hit.content,
    file_name: `${hit.identifier}.pdf`,
    path: `originals/${hit.identifier}.pdf`,
    url: originalUrl(hit.identifier),
    page_number: hit.pageNumber,
    context_page: `${where}${hit.label}${hit.heading ? `. ${hit.heading}` : ''}`,
    identifier: hit.identifier,
    kind: hit.kind,
    label: hit.label,
    heading: hit.heading,
    number: hit.number,
    status: hit.status,
    last_updated: hit.lastUpdated,
    // A repealed norm says which norm repealed it, first, where the drawer shows an article's notes; an article a
    // later norm rewrote without the folder's own notes saying so, which one did.
    notes: [
      ...(hit.repealedBy.length ? [repealNote(hit)] : []),
      ...(hit.amendedBy.length ? [amendNote(hit)] : []),
      ...hit.notes,
    ],
    snippet: hit.snippet,
  }
}
