import { IconButton, type IconButtonProps } from '@chakra-ui/react'
import { Moon, Sun } from 'lucide-react'
import { ThemeProvider, useTheme } from 'next-themes'
import type { ReactNode } from 'react'

/** Key next-themes remembers the mode under; index.html reads the same key before first paint. */
export const COLOR_MODE_STORAGE_KEY = 'chakra-ui-color-mode'

export type ColorMode = 'light' | 'dark'

/** Class on <html>, dark by default, no system preference (spec §2 and §9). */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="dark"
      enableSystem={false}
      storageKey={COLOR_MODE_STORAGE_KEY}
      disableTransitionOnChange
      // Client-only app: index.html sets the class before first paint. A data block keeps React 19 from warning
      // about next-themes' own (never executed) inline script.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  )
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme()
  const colorMode: ColorMode = resolvedTheme === 'light' ? 'light' : 'dark'
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  }
}

/** Light/dark toggle; its label names the mode it switches to. */
export function ColorModeToggle(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode()
  const label = colorMode === 'dark' ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro'
  return (
    <IconButton
      variant="ghost"
      colorPalette="gray"
      size="sm"
      aria-label={label}
      title={label}
      data-testid="color-mode-toggle"
      onClick={toggleColorMode}
      {...props}
    >
      {colorMode === 'dark' ? <Sun /> : <Moon />}
    </IconButton>
  )
}
