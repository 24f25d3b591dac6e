import { ChakraProvider } from '@chakra-ui/react'
import { type RenderOptions, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { system } from '../app/theme'

const Theme = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={system}>{children}</ChakraProvider>
)

/** Testing Library's render inside the app's theme, which Chakra's components need (a rerender keeps it too). */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Theme, ...options })
}
