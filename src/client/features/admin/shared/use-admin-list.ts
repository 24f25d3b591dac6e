import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
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

/**
 * One server-side list of the console: the page, the search, the sort and the filters live here and travel as
 * the contract's query parameters; the server pages, searches and sorts (never the browser). The last page stays
 * on screen while the next one loads.
 */
export function useAdminList<T>(
  path: string,
  schema: z.ZodType<Page<T>>,
  initial: { sort: string; dir?: SortDir; pageSize?: number; filters?: Record<string, string> },
) {
  const [state, setState] = useState<ListState>({
    page: 1,
    q: '',
    sort: initial.sort,
    dir: initial.dir ?? 'desc',
    filters: initial.filters ?? {},
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
