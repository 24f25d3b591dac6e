/**
 * Red for error sentences in running text: Chakra's fg.error (red.500) is 3.8:1 on the light background, under
 * WCAG AA's 4.5:1 for small text; red.700 and red.300 pass in both modes.
 */
export const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' } as const
