import { Box } from '@chakra-ui/react'
import { Globe } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * National flags drawn as SVG, on a 3:2 field. Flag emoji need a colour-emoji font: Linux often lacks one and
 * Windows draws two letters instead. One drawing per country the product serves or has announced.
 */
const FLAGS: Readonly<Record<string, ReactNode>> = {
  PE: (
    <>
      <rect width="3" height="2" fill="#FFFFFF" />
      <rect width="1" height="2" fill="#D91023" />
      <rect x="2" width="1" height="2" fill="#D91023" />
    </>
  ),
  CO: (
    <>
      <rect width="3" height="1" fill="#FCD116" />
      <rect y="1" width="3" height="0.5" fill="#003893" />
      <rect y="1.5" width="3" height="0.5" fill="#CE1126" />
    </>
  ),
  CL: (
    <>
      <rect width="3" height="1" fill="#FFFFFF" />
      <rect y="1" width="3" height="1" fill="#D52B1E" />
      <rect width="1" height="1" fill="#0039A6" />
      <polygon
        points="0.5,0.25 0.5561,0.4227 0.7378,0.4227 0.5908,0.5295 0.6469,0.7023 0.5,0.5955 0.3531,0.7023 0.4092,0.5295 0.2622,0.4227 0.4439,0.4227"
        fill="#FFFFFF"
      />
    </>
  ),
}

/** A country's flag, decorative (the control around it names the country); a globe for one not drawn here. */
export function CountryFlag({ iso2 }: { iso2: string | null }) {
  const flag = iso2 ? FLAGS[iso2.toUpperCase()] : undefined
  return (
    <Box
      as="span"
      display="inline-flex"
      flexShrink={0}
      w="5"
      h={flag ? '3.5' : '5'}
      rounded="2px"
      overflow="hidden"
      // A hairline keeps a white stripe visible on a white background.
      boxShadow={flag ? '0 0 0 1px var(--chakra-colors-border-emphasized)' : undefined}
      data-testid="country-flag"
      data-country={flag ? iso2?.toUpperCase() : 'unknown'}
      aria-hidden
    >
      {flag ? (
        <svg viewBox="0 0 3 2" width="100%" height="100%" preserveAspectRatio="none" aria-hidden="true">
          {flag}
        </svg>
      ) : (
        <Globe size="100%" />
      )}
    </Box>
  )
}
