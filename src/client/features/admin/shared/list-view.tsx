import { Box, Flex, Spinner, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { type Column, DataTable } from './data-table'
import { FilterSelect, type Option, SearchForm } from './list-toolbar'
import { Pager } from './pager'
import { ProblemNotice } from './problem-notice'
import type { AdminList } from './use-admin-list'

export type Filter = { name: string; label: string; options: Option[] }

/** Search, filters, the table and the pager of one server-side list. */
export function ListView<T>({
  list,
  caption,
  columns,
  rowKey,
  searchLabel,
  searchPlaceholder,
  filters = [],
  actions,
  testId,
}: {
  list: AdminList<T>
  caption: string
  columns: Column<T>[]
  rowKey: (row: T) => string
  /** No search box when the list has no `q`. */
  searchLabel?: string
  searchPlaceholder?: string
  filters?: Filter[]
  /** Buttons beside the search ('Nuevo agente'). */
  actions?: ReactNode
  testId?: string
}) {
  const { query, state } = list
  return (
    <Stack gap="3" data-testid={testId}>
      <Flex gap="3" wrap="wrap" align="end">
        {searchLabel && (
          <SearchForm
            label={searchLabel}
            placeholder={searchPlaceholder}
            onSearch={list.search}
            initial={state.q}
          />
        )}
        {filters.map((f) => (
          <FilterSelect
            key={f.name}
            label={f.label}
            options={f.options}
            value={state.filters[f.name] ?? ''}
            onChange={(value) => list.setFilter(f.name, value)}
          />
        ))}
        {actions && <Box ms="auto">{actions}</Box>}
      </Flex>
      {query.isError && <ProblemNotice error={query.error} />}
      {query.isPending ? (
        <Spinner role="status" aria-label="Cargando" color="cyan.fg" />
      ) : query.data ? (
        <>
          <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isFetching}>
            <DataTable
              caption={caption}
              columns={columns}
              rows={query.data.items}
              rowKey={rowKey}
              sort={state.sort}
              dir={state.dir}
              onSort={list.sortBy}
            />
          </Box>
          <Pager
            page={query.data.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onPage={list.setPage}
          />
        </>
      ) : null}
    </Stack>
  )
}
