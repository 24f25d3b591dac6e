import { IconButton, type IconButtonProps } from '@chakra-ui/react'
import { ThemeProvider, useTheme } from 'next-themes'
import type { ReactNode } from 'react'
import { StrokeIcon } from './stroke-icon'

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

function SunIcon() {
  return (
    <StrokeIcon>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </StrokeIcon>
  )
}

function MoonIcon() {
  return (
    <StrokeIcon>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </StrokeIcon>
  )
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
      {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  )
}
