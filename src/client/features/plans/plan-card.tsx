import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import type { Plan } from '../../../shared/payment-schemas'
import { formatPlanPrice, type PlanCardView, periodLabel } from './format-plan'

type Props = {
  plan: Plan
  view: PlanCardView
  /** The plan whose subscription request is on its way: its button shows a spinner. */
  subscribing: boolean
  onPayCard: () => void
  onPayYape: () => void
  onSubscribe: () => void
  onEditSubscription: () => void
}

/** Spec §2 plan card: name, price, description, features, badges, the buttons its type and status allow, the date. */
export function PlanCard({
  plan,
  view,
  subscribing,
  onPayCard,
  onPayYape,
  onSubscribe,
  onEditSubscription,
}: Props) {
  const period = periodLabel(plan)
  return (
    <Card.Root
      as="li"
      listStyleType="none"
      size="sm"
      borderWidth={plan.is_popular ? '2px' : '1px'}
      borderColor={plan.is_popular ? 'colorPalette.solid' : 'border'}
      data-testid={`plan-card-${plan.planId}`}
    >
      <Card.Header gap="2">
        {(plan.is_popular || plan.is_offer) && (
          <HStack gap="2">
            {plan.is_popular && (
              <Badge colorPalette="cyan" variant="solid">
                Popular
              </Badge>
            )}
            {plan.is_offer && (
              <Badge colorPalette="orange" variant="subtle">
                Oferta
              </Badge>
            )}
          </HStack>
        )}
        <Heading as="h3" size="md">
          {plan.name}
        </Heading>
        <Text>
          <Text as="span" fontSize="2xl" fontWeight="bold">
            {formatPlanPrice(plan)}
          </Text>
          {period && (
            <Text as="span" color="fg.muted" fontSize="sm">
              {' '}
              {period}
            </Text>
          )}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {plan.description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="1.5" listStyleType="none" fontSize="sm">
          {plan.features.map((feature) => (
            <HStack as="li" key={feature} gap="2" align="start">
              <Box boxSize="4" flexShrink={0} mt="0.5" color="colorPalette.fg">
                <Check size="100%" />
              </Box>
              <Text>{feature}</Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="2">
        {view.kind === 'soon' && (
          <Text fontWeight="medium" color="fg.muted" textAlign="center">
            Proximamente disponible
          </Text>
        )}
        {view.kind === 'subscription' &&
          (view.subscribed ? (
            <Button variant="outline" onClick={onEditSubscription}>
              Editar mi suscripcion
            </Button>
          ) : (
            <Button onClick={onSubscribe} loading={subscribing}>
              Suscribirme
            </Button>
          ))}
        {view.kind === 'prepaid' && (
          <>
            <Button onClick={onPayCard}>Pagar con Tarjeta</Button>
            <Button variant="outline" onClick={onPayYape}>
              Pagar con Yape
            </Button>
          </>
        )}
        {view.dateLine && (
          <Text fontSize="xs" color="fg.muted" textAlign="center" data-testid="plan-date">
            {view.dateLine}
          </Text>
        )}
      </Card.Footer>
    </Card.Root>
  )
}
