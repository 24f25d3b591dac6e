import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, type RenderOptions, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { getSystem } from '../app/theme'

// findBy and waitFor give up after 5 s instead of Testing Library's 1 s: on a busy two-core machine a dialog's first
// lazy import or a closing animation takes longer than that, and the test would fail on the machine, not the code.
configure({ asyncUtilTimeout: 5000 })

const Theme = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={getSystem()}>{children}</ChakraProvider>
)

/** Testing Library's render inside the app's theme, which Chakra's components need (a rerender keeps it too). */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Theme, ...options })
}

/**
 * renderWithTheme with a fresh query cache, for components that load through React Query: nothing carries over
 * from one test to the next, and a failed request is not retried unless the hook itself asks for it.
 */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } })
  return renderWithTheme(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
}
