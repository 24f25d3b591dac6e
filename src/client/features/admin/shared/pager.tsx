import { Button, HStack, Text } from '@chakra-ui/react'

/** Previous / next over the server's pages, and where the list stands. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <HStack as="nav" aria-label="Paginación" justify="space-between" gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="pager-status">
        Página {page} de {pages} · {total} {total === 1 ? 'resultado' : 'resultados'}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Siguiente
        </Button>
      </HStack>
    </HStack>
  )
}
