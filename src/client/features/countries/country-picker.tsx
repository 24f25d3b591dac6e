import { Box, NativeSelect, Text } from '@chakra-ui/react'
import { CountryFlag } from './country-flag'
import type { CountryChoice } from './use-country-choice'

/**
 * Spec §2/§4 country picker: the active countries by iso2, the chosen one's flag beside it (an SVG: a native
 * option can hold only text, and flag emoji do not draw everywhere).
 */
export function CountryPicker({ choice, width = '28' }: { choice: CountryChoice; width?: string }) {
  if (choice.loading) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="country-picker-loading">
        Cargando países...
      </Text>
    )
  }
  return (
    <NativeSelect.Root size="sm" w={width} position="relative">
      <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" pointerEvents="none">
        <CountryFlag iso2={choice.value} />
      </Box>
      <NativeSelect.Field
        aria-label="País"
        data-testid="country-picker"
        ps="9"
        value={choice.value ?? ''}
        onChange={(e) => choice.choose(e.currentTarget.value)}
      >
        {choice.countries.map((c) => (
          <option key={c.iso2} value={c.iso2}>
            {c.iso2}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
