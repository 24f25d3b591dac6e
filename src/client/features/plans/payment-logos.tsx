import { Box, HStack, Text } from '@chakra-ui/react'
import { Lock } from 'lucide-react'

/** Spec §2: the accepted payment methods, drawn inline (no external images) on white chips that read in both modes. */
export function PaymentLogos() {
  return (
    <HStack gap="2" flexWrap="wrap" role="list" aria-label="Medios de pago aceptados">
      <Chip label="Visa">
        <Text
          as="span"
          fontWeight="black"
          fontStyle="italic"
          color="#1a1f71"
          letterSpacing="tight"
          fontSize="md"
        >
          VISA
        </Text>
      </Chip>
      <Chip label="Mastercard">
        <svg width="34" height="21" viewBox="0 0 34 21" aria-hidden="true">
          <circle cx="12" cy="10.5" r="9.5" fill="#eb001b" />
          <circle cx="22" cy="10.5" r="9.5" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </Chip>
      <Chip label="Yape">
        <Text as="span" fontWeight="bold" color="white" bg="#742284" px="2" borderRadius="sm" fontSize="sm">
          yape
        </Text>
      </Chip>
    </HStack>
  )
}

function Chip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box
      role="listitem"
      aria-label={label}
      title={label}
      bg="white"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      h="8"
      minW="14"
      px="2"
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      {children}
    </Box>
  )
}

/** Spec §2 security note under the logos. */
export function SecurityNote() {
  return (
    <HStack gap="2" align="start" color="fg.muted" fontSize="sm">
      <Box boxSize="4" flexShrink={0} mt="0.5">
        <Lock size="100%" />
      </Box>
      <Text>
        Pagos seguros procesados por Mercado Pago. Tus datos viajan cifrados y Lexia no guarda los datos de tu
        tarjeta.
      </Text>
    </HStack>
  )
}
