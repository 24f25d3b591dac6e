import { Button, HStack, Text } from '@chakra-ui/react'
import { ERROR_TEXT } from '../../components/error-text'

/** Spec §4's wording for remaining credits at 0 or below (the agent picker's tooltip says the same). */
export const NO_CREDITS_MESSAGE =
  'No tienes créditos disponibles. Por favor, adquiere más créditos para continuar.'
export const BUY_CREDITS_LABEL = 'Adquirir creditos'

/** The line under the question box at 0 credits: why Enter does nothing, and the way to buy, where the person is. */
export function NoCreditsNotice({ id, onBuy }: { id: string; onBuy?: () => void }) {
  return (
    <HStack gap="3" flexWrap="wrap" role="status" data-testid="no-credits-notice">
      <Text id={id} fontSize="sm" color={ERROR_TEXT} flex="1" minW="12rem">
        {NO_CREDITS_MESSAGE}
      </Text>
      {onBuy && (
        <Button size="xs" colorPalette="cyan" onClick={onBuy} data-testid="buy-credits-from-input">
          {BUY_CREDITS_LABEL}
        </Button>
      )}
    </HStack>
  )
}
