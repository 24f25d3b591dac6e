import { HStack, Image, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { LOGO_ALT, PRODUCT_NAME } from '../../shared/brand'

/** The logo with the product's name, linking to the landing page (spec §2). */
export function LogoLink({ size = 8 }: { size?: number }) {
  return (
    <HStack
      asChild
      gap="2.5"
      rounded="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'cyan.focusRing' }}
    >
      <RouterLink to="/" data-testid="logo-link">
        <Image src="/logo.svg" alt={LOGO_ALT} boxSize={size} />
        <Text as="span" fontWeight="bold" fontSize="xl" letterSpacing="tight" aria-hidden>
          {PRODUCT_NAME}
        </Text>
      </RouterLink>
    </HStack>
  )
}
