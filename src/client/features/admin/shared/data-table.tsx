import { Button, Table, Text, VisuallyHidden } from '@chakra-ui/react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { tableRecipe } from './recipes'
import type { SortDir } from './use-admin-list'

export type Column<T> = {
  key: string
  label: string
  /** The contract's sort name; a column without one does not sort. */
  sort?: string
  render: (row: T) => ReactNode
  /** Numbers align right. */
  numeric?: boolean
}

type Props<T> = {
  caption: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  sort: string
  dir: SortDir
  onSort: (sort: string) => void
  testId?: string
}

/**
 * A list's table. A sortable header is a button (keyboard and screen readers reach it) and the column says its
 * order through aria-sort; a wide table scrolls sideways inside its box on a narrow screen.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, sort, dir, onSort, testId }: Props<T>) {
  return (
    // Positioned, so that the visually hidden caption (absolutely placed) is clipped by the scroll box instead of
    // widening the page on a narrow screen.
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border.muted"
      rounded="md"
      maxW="100%"
      position="relative"
    >
      <Table.Root recipe={tableRecipe} data-testid={testId}>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const active = column.sort !== undefined && column.sort === sort
              return (
                <Table.ColumnHeader
                  key={column.key}
                  textAlign={column.numeric ? 'end' : 'start'}
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  whiteSpace="nowrap"
                >
                  {column.sort ? (
                    <Button
                      variant="ghost"
                      size="xs"
                      px="1"
                      fontWeight="semibold"
                      onClick={() => column.sort && onSort(column.sort)}
                    >
                      {column.label}
                      {active ? dir === 'asc' ? <ArrowUp /> : <ArrowDown /> : <ArrowUpDown aria-hidden />}
                    </Button>
                  ) : (
                    column.label
                  )}
                </Table.ColumnHeader>
              )
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length}>
                <Text color="fg.muted" py="3">
                  No hay resultados.
                </Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell
                    key={column.key}
                    textAlign={column.numeric ? 'end' : 'start'}
                    verticalAlign="top"
                  >
                    {column.render(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
