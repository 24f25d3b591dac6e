import { z } from 'zod'
import type { SourceItem } from './search-schemas'

/**
 * The body an external agent (an n8n workflow, say) answers with, read as spec §3 says. External agents are written
 * by others and drift: only `answer` is required; every other field is read leniently and normalised, never a
 * reason to reject the answer.
 */
export const externalAgentResponseSchema = z.object({
  answer: z.string({ error: 'La respuesta del agente no tiene el campo answer' }),
  history_id: z.unknown().optional(),
  skip_credit_deduction: z.unknown().optional(),
  agent_id: z.unknown().optional(),
  state: z.unknown().optional(),
  context_leyes: z.unknown().optional(),
  context_sentencias: z.unknown().optional(),
})
export type ExternalAgentResponse = z.infer<typeof externalAgentResponseSchema>

/** An external agent's sources: at most this many per group, content cut at this length. */
export const EXTERNAL_SOURCES_MAX = 50
export const EXTERNAL_CONTENT_MAX = 20_000

/** history_id: a number or a numeric string, otherwise -1 (spec §3); -1 and anything unusable → null. */
export function readHistoryId(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : Number.NaN
  return Number.isSafeInteger(n) && n >= 0 ? n : null
}

/** skip_credit_deduction as workflows send it: true, 'true', 1, '1', 'yes', 'si'/'sí'. */
export function readBooleanish(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value === 1
  if (typeof value === 'string') return /^\s*(true|1|yes|s[ií])\s*$/i.test(value)
  return false
}

/** A string field: strings as they are, numbers as text, anything else missing. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

/** Only links the viewer may open: http(s) or a path of ours. A javascript: or data: URL becomes ''. */
function safeUrl(value: unknown): string {
  const url = text(value)?.trim() ?? ''
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : ''
}

function pageNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(text(value))
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}

/** One item of context_leyes / context_sentencias as our SourceItem, with safe defaults; null if not an object. */
export function readSourceItem(value: unknown, kind: SourceItem['kind']): SourceItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const v = value as Record<string, unknown>
  const content = (text(v.content) ?? '').slice(0, EXTERNAL_CONTENT_MAX)
  const fileName = text(v.file_name) ?? ''
  const notes = Array.isArray(v.notes) ? v.notes.filter((n): n is string => typeof n === 'string') : []
  return {
    title: text(v.title) || fileName || (kind === 'norma' ? 'Norma' : 'Sentencia'),
    tipo_alias: text(v.tipo_alias) ?? '',
    jerarquia_alias: text(v.jerarquia_alias) ?? '',
    content,
    file_name: fileName,
    path: text(v.path) ?? '',
    url: safeUrl(v.url),
    page_number: pageNumber(v.page_number),
    context_page: text(v.context_page) ?? '',
    identifier: text(v.identifier) ?? fileName.replace(/\.[a-z0-9]+$/i, ''),
    kind,
    label: text(v.label) ?? '',
    heading: text(v.heading) ?? null,
    number: text(v.number) ?? null,
    status: text(v.status) ?? null,
    last_updated: text(v.last_updated) ?? null,
    notes,
    snippet: text(v.snippet) ?? content.slice(0, 320),
  }
}

/** A context array as sent (anything that is not an array counts as empty); items that are not objects dropped. */
export function readSourceItems(value: unknown, kind: SourceItem['kind']): SourceItem[] {
  if (!Array.isArray(value)) return []
  const items: SourceItem[] = []
  for (const raw of value) {
    const item = readSourceItem(raw, kind)
    if (item) items.push(item)
    if (items.length === EXTERNAL_SOURCES_MAX) break
  }
  return items
}
