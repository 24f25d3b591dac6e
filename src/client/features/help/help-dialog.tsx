import { Box, Button, CloseButton, Dialog, Link, Portal, Spinner, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { HELP_QUERY } from './load-help'

const Markdown = lazy(() => import('../../components/markdown'))

/** The 'Instrucciones' modal: the same /help.md as the help page, opened from the sidebar or on a first login. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const help = useQuery({ ...HELP_QUERY, enabled: open })
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      size={{ base: 'full', md: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="help-dialog">
            <Dialog.Header>
              <Dialog.Title>Instrucciones</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Link href="/protected/help" target="_blank" rel="noopener" fontSize="sm" color="cyan.fg">
                Abrir en una página
              </Link>
              <Button onClick={onClose}>Entendido</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
