import { CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react'
import type { ComponentProps, ReactNode } from 'react'
import { useNeedsScrollFocus } from './use-scroll-focus'

type Props = {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** Shown beside the title (a version badge). */
  titleAddon?: ReactNode
  children: ReactNode
  footer?: ReactNode
  testId?: string
  /** A confirmation: read as an alert, closed by its own buttons (no corner close button). */
  role?: 'dialog' | 'alertdialog'
  size?: ComponentProps<typeof Dialog.Root>['size']
}

/** Every modal of the app: centered, scrolling inside, titled, Escape and the backdrop close it. */
export function AppDialog({
  open,
  onClose,
  title,
  titleAddon,
  children,
  footer,
  testId,
  role = 'dialog',
  size,
}: Props) {
  // A body that scrolls with nothing focusable inside (a long help text) takes the keyboard focus, so the arrow keys
  // can scroll it.
  const [bodyRef, bodyNeedsFocus] = useNeedsScrollFocus<HTMLDivElement>()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      role={role}
      size={size}
      // Mounted only while open: a form starts fresh each time, and a dialog opened from another one is not
      // left hidden from assistive technology by the first one's aria-hidden.
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <HStack gap="2">
                <Dialog.Title>{title}</Dialog.Title>
                {titleAddon}
              </HStack>
            </Dialog.Header>
            <Dialog.Body ref={bodyRef} tabIndex={bodyNeedsFocus ? 0 : undefined}>
              {children}
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {role === 'dialog' && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Cerrar" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
