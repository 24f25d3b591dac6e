import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { ColorModeProvider } from '../components/color-mode'
import { system } from './theme'

/**
 * Providers of every page: design system and colour mode. The session and TanStack Query live in the auth
 * area (`auth-area.tsx`), the parent of every page that needs them, so the landing page loads neither.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>{children}</ColorModeProvider>
    </ChakraProvider>
  )
}
