import { Alert } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A message in the auth card: an error, a confirmation or a piece of information. */
export function Notice({
  status,
  children,
  testId,
}: {
  status: 'error' | 'success' | 'info'
  children: ReactNode
  testId?: string
}) {
  return (
    <Alert.Root
      status={status}
      rounded="lg"
      data-testid={testId}
      role={status === 'error' ? 'alert' : 'status'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
