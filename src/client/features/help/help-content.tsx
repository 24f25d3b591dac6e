import { Box, Spinner, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { HELP_QUERY } from './load-help'

const Markdown = lazy(() => import('../../components/markdown'))

/** /help.md rendered with the answers' Markdown styles; 'Error loading content' when it cannot be read. */
export function HelpContent({
  enabled = true,
  fontSize = 'md',
}: {
  enabled?: boolean
  fontSize?: 'sm' | 'md'
}) {
  const help = useQuery({ ...HELP_QUERY, enabled })
  if (help.isError)
    return (
      <Text color="fg.error" role="alert">
        Error loading content
      </Text>
    )
  if (!help.data) return <Spinner role="status" aria-label="Cargando ayuda" />
  return (
    <Suspense fallback={<Spinner role="status" aria-label="Cargando ayuda" />}>
      <Box data-testid="help-content" fontSize={fontSize}>
        <Markdown>{help.data}</Markdown>
      </Box>
    </Suspense>
  )
}
