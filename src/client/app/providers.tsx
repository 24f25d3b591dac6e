import { ChakraProvider } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { ColorModeProvider } from '../components/color-mode'
import { getSystem } from './theme'

/**
 * Providers of every page: design system and colour mode. The session and TanStack Query live in the auth
 * area (`auth-area.tsx`), the parent of every page that needs them, so the landing page loads neither.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={getSystem()}>
      <ColorModeProvider>{children}</ColorModeProvider>
    </ChakraProvider>
  )
}
