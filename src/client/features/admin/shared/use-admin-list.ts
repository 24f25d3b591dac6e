import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import type { Page } from '../../../../shared/admin'
import { apiGet } from '../../../lib/api-client'
import { adminUrl } from './admin-url'

export type SortDir = 'asc' | 'desc'

export type ListState = {
  page: number
  q: string
  sort: string
  dir: SortDir
  filters: Record<string, string>
}

const OWN = new Set(['page', 'q', 'sort', 'dir'])

/**
 * A list's state as the address holds it: `<list>.page`, `<list>.q`, `<list>.sort`, `<list>.dir` and one
 * `<list>.<filter>` each, only where they differ from the list's defaults, so a plain address stays plain.
 */
function readState(params: URLSearchParams, prefix: string, defaults: ListState): ListState {
  const page = Number(params.get(`${prefix}page`))
  const dir = params.get(`${prefix}dir`)
  const filters = { ...defaults.filters }
  for (const [name, value] of params) {
    const key = name.startsWith(prefix) ? name.slice(prefix.length) : null
    if (key && !OWN.has(key)) filters[key] = value
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : defaults.page,
    q: params.get(`${prefix}q`) ?? defaults.q,
    sort: params.get(`${prefix}sort`) ?? defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : defaults.dir,
    filters,
  }
}

function writeState(
  params: URLSearchParams,
  prefix: string,
  state: ListState,
  defaults: ListState,
): URLSearchParams {
  const next = new URLSearchParams([...params].filter(([name]) => !name.startsWith(prefix)))
  const put = (name: string, value: string, fallback: string) => {
    if (value !== fallback) next.set(`${prefix}${name}`, value)
  }
  put('page', String(state.page), String(defaults.page))
  put('q', state.q, defaults.q)
  put('sort', state.sort, defaults.sort)
  put('dir', state.dir, defaults.dir)
  for (const [name, value] of Object.entries(state.filters)) put(name, value, defaults.filters[name] ?? '')
  return next
}

/**
 * One server-side list of the console: the page, the search, the sort and the filters live in the address's
 * search parameters (bulletproof-react's way), so leaving a section and coming back, a reload or a shared link
 * find the list as it was; they travel as the contract's query parameters and the server pages, searches and
 * sorts (never the browser). The last page stays on screen while the next one loads.
 */
export function useAdminList<T>(
  path: string,
  schema: z.ZodType<Page<T>>,
  initial: { sort: string; dir?: SortDir; pageSize?: number; filters?: Record<string, string> },
) {
  const [params, setParams] = useSearchParams()
  const prefix = `${path.replaceAll('/', '-')}.`
  const defaults: ListState = {
    page: 1,
    q: '',
    sort: initial.sort,
    dir: initial.dir ?? 'desc',
    filters: initial.filters ?? {},
  }
  const state = readState(params, prefix, defaults)
  const setState = (change: (s: ListState) => ListState) =>
    setParams((prev) => writeState(prev, prefix, change(readState(prev, prefix, defaults)), defaults), {
      replace: true,
    })
  const pageSize = initial.pageSize ?? 25
  const url = adminUrl(path, {
    page: state.page,
    pageSize,
    q: state.q,
    sort: state.sort,
    dir: state.dir,
    ...state.filters,
  })
  const query = useQuery({
    queryKey: ['admin', path, url],
    queryFn: () => apiGet(url, schema),
    placeholderData: keepPreviousData,
  })
  return {
    state,
    query,
    pageSize,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    search: (q: string) => setState((s) => ({ ...s, q: q.trim(), page: 1 })),
    /** The same column again flips the order; a new one starts descending. */
    sortBy: (sort: string) =>
      setState((s) => ({
        ...s,
        sort,
        dir: s.sort === sort ? (s.dir === 'asc' ? 'desc' : 'asc') : 'desc',
        page: 1,
      })),
    setFilter: (name: string, value: string) =>
      setState((s) => ({ ...s, filters: { ...s.filters, [name]: value }, page: 1 })),
  }
}

export type AdminList<T> = ReturnType<typeof useAdminList<T>>
