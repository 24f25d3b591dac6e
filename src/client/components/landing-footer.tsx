import { Box, Container, Flex, Stack, Text } from '@chakra-ui/react'
import { PRODUCT_NAME } from '../../shared/brand'
import { LogoLink } from './logo'

export function LandingFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="10">
      <Container maxW="6xl">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="3" maxW="xl">
            <LogoLink size={7} />
            <Text fontWeight="semibold">Información legal, no asesoría legal</Text>
            <Text fontSize="sm" color="fg.muted">
              {PRODUCT_NAME} ofrece información general sobre normas y jurisprudencia del Perú. No reemplaza
              la asesoría de un abogado colegiado para tu caso concreto.
            </Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted" alignSelf={{ base: 'flex-start', md: 'flex-end' }}>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Text>
        </Flex>
      </Container>
    </Box>
  )
}
