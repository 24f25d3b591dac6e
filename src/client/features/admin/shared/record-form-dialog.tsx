import { Badge, Button, SimpleGrid, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { AppDialog } from '../../../components/app-dialog'
import { ProblemNotice } from './problem-notice'

/**
 * The frame shared by the console's versioned record forms, so they look and answer alike: the version being
 * edited next to the title, Cancelar/Guardar, the failed save's message with "Recargar registro" on a stale
 * version, then the short fields on two columns (`fields`) and the wide ones below (`children`).
 */
export function RecordFormDialog({
  form,
  testId,
  title,
  size,
  columnsFrom = 'md',
  onClose,
  onSubmit,
  fields,
  children,
}: {
  form: {
    base: { version: number } | null
    save: { isPending: boolean; isError: boolean; error: unknown }
    reload: (current: unknown) => void
  }
  testId: string
  title: string
  size?: 'lg'
  /** The breakpoint from which the short fields sit on two columns (a narrower dialog goes two sooner). */
  columnsFrom?: 'sm' | 'md'
  onClose: () => void
  onSubmit: () => void
  fields: ReactNode
  children?: ReactNode
}) {
  const { base, save, reload } = form
  return (
    <AppDialog
      open
      onClose={onClose}
      size={size}
      testId={testId}
      title={title}
      titleAddon={base && <Badge variant="surface">versión {base.version}</Badge>}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={onSubmit} loading={save.isPending}>
            Guardar
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {save.isError && <ProblemNotice error={save.error} onReload={reload} />}
        <SimpleGrid columns={{ base: 1, [columnsFrom]: 2 }} gap="3">
          {fields}
        </SimpleGrid>
        {children}
      </Stack>
    </AppDialog>
  )
}
