import { Box, Button, HStack, Link, Spinner, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { AppDialog } from '../../components/app-dialog'
import { HELP_QUERY } from './load-help'

const Markdown = lazy(() => import('../../components/markdown'))

/** The 'Instrucciones' modal: the same /help.md as the help page, opened from the sidebar or on a first login. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const help = useQuery({ ...HELP_QUERY, enabled: open })
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Instrucciones"
      size={{ base: 'full', md: 'lg' }}
      testId="help-dialog"
      footer={
        <HStack w="full" justify="space-between">
          <Link href="/protected/help" target="_blank" rel="noopener" fontSize="sm" color="cyan.fg">
            Abrir en una página
          </Link>
          <Button onClick={onClose}>Entendido</Button>
        </HStack>
      }
    >
      {help.isPending && <Spinner aria-label="Cargando ayuda" />}
      {help.isError && (
        <Text color="fg.error" role="alert">
          Error loading content
        </Text>
      )}
      {help.data && (
        <Suspense fallback={<Spinner aria-label="Cargando ayuda" />}>
          <Box data-testid="help-content" fontSize="sm">
            <Markdown>{help.data}</Markdown>
          </Box>
        </Suspense>
      )}
    </AppDialog>
  )
}
