import { Box, IconButton, type IconButtonProps } from '@chakra-ui/react'
import { Moon, Sun } from 'lucide-react'
import { ThemeProvider, useTheme } from 'next-themes'
import type { ReactNode } from 'react'
import { COLOR_MODE_STORAGE_KEY, type ColorMode, colorModeToggleLabel } from '../lib/color-mode'

export { COLOR_MODE_STORAGE_KEY, type ColorMode } from '../lib/color-mode'

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

/**
 * Light/dark toggle; its label names the mode it switches to. Both icons are rendered and the <html> class shows
 * one: the landing page is also prerendered (decision 0032), where no React knows the mode at first paint.
 */
export function ColorModeToggle(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode()
  const label = colorModeToggleLabel(colorMode)
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
      <Box as="span" display={{ base: 'contents', _dark: 'none' }}>
        <Moon />
      </Box>
      <Box as="span" display={{ base: 'none', _dark: 'contents' }}>
        <Sun />
      </Box>
    </IconButton>
  )
}
