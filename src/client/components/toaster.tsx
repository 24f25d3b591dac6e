import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

/** Spec §9 app-level toast defaults: top, 3000 ms, closable. */
export const toaster = createToaster({ placement: 'top', duration: 3000, pauseOnPageIdle: true })

/**
 * The toasts' place, mounted at the first toast: starting the toasts' state machine renders synchronously
 * (flushSync), a long task on a phone when the chat page starts (decision 0036). Mounted later, it takes the toasts
 * already in the store.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0)
  useEffect(() => {
    if (!needed) return toaster.subscribe(() => setNeeded(true))
  }, [needed])
  if (!needed) return null
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root minW="300px" maxW="560px">
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Chakra dims the description to 80 %: on a coloured toast that falls below WCAG AA's 4.5:1. */}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Cerrar" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
