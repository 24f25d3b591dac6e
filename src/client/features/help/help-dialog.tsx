import { Button, HStack, Link } from '@chakra-ui/react'
import { AppDialog } from '../../components/app-dialog'
import { HelpContent } from './help-content'

/** The 'Instrucciones' modal: the same /help.md as the help page, opened from the sidebar or on a first login. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
      <HelpContent enabled={open} fontSize="sm" />
    </AppDialog>
  )
}
