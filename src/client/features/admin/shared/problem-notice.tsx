import { Alert, Button } from '@chakra-ui/react'
import { problemText, staleRecord } from './api-problem'

/**
 * A failed request's Spanish message. A stale edit (409 with the record as it now is) offers to load that record
 * into the form, so the operator redoes the change on what is really stored.
 */
export function ProblemNotice({
  error,
  onReload,
}: {
  error: unknown
  onReload?: (current: unknown) => void
}) {
  const current = staleRecord(error)
  return (
    <Alert.Root status="error" role="alert" data-testid="admin-problem">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{problemText(error)}</Alert.Description>
      </Alert.Content>
      {current !== undefined && onReload && (
        <Button size="xs" variant="outline" alignSelf="center" onClick={() => onReload(current)}>
          Recargar registro
        </Button>
      )}
    </Alert.Root>
  )
}
