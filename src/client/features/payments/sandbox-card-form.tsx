import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { createSandboxCardToken } from './payment-api'
import type { CardFormData } from './payment-request'
import {
  digitsOnly,
  emptySandboxCard,
  formatCardNumber,
  SANDBOX_CARDHOLDER_OUTCOMES,
  SANDBOX_TEST_CARD,
  type SandboxCardErrors,
  type SandboxCardFields,
  toSandboxCardRequest,
} from './sandbox-card'

type Props = {
  amountLabel: string
  /** Receives the same form data the Card Payment Brick's onSubmit would. */
  onSubmit: (form: CardFormData) => Promise<void>
  /** A tokenization failure, handled like a Brick error (the form is rebuilt). */
  onTokenError: (message: string) => void
  /** A form rebuilt after a refusal takes the focus, so the retry starts at the card number. */
  focusOnMount?: boolean
}

/**
 * The offline stand-in for the Card Payment Brick (DESIGN 6): the same fields, tokenized by the sandbox, handing
 * the Brick's submission shape to the dialog. The parent renders it inside #paymentBrick_container and remounts it
 * after an error, which empties every field.
 */
export function SandboxCardForm({ amountLabel, onSubmit, onTokenError, focusOnMount = false }: Props) {
  const [fields, setFields] = useState<SandboxCardFields>(emptySandboxCard)
  const [errors, setErrors] = useState<SandboxCardErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const set = (name: keyof SandboxCardFields, value: string) => setFields((f) => ({ ...f, [name]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    const parsed = toSandboxCardRequest(fields)
    if (!parsed.ok) {
      setErrors(parsed.errors)
      return
    }
    setErrors({})
    setSubmitting(true)
    let form: CardFormData
    try {
      const token = await createSandboxCardToken(parsed.request)
      form = {
        token: token.id,
        issuer_id: null,
        payment_method_id: token.payment_method_id,
        installments: 1,
        payer: {
          identification: {
            type: parsed.request.identificationType,
            number: parsed.request.identificationNumber,
          },
        },
      }
    } catch (error) {
      setSubmitting(false)
      onTokenError(error instanceof ApiError ? error.message : 'No se ha generado el token de la tarjeta')
      return
    }
    try {
      await onSubmit(form)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-card-form">
      <Stack gap="3">
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Modo de pruebas: no se realizan cargos reales</Alert.Title>
            <Alert.Description>
              El nombre del titular decide el resultado:{' '}
              {SANDBOX_CARDHOLDER_OUTCOMES.map(([name, meaning]) => `${name} (${meaning})`).join(', ')}.
              Tarjeta de prueba {SANDBOX_TEST_CARD.number}, CVV {SANDBOX_TEST_CARD.securityCode}, vencimiento{' '}
              {SANDBOX_TEST_CARD.expiry}.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Field.Root invalid={!!errors.cardNumber} required>
          <Field.Label>Número de tarjeta</Field.Label>
          <Input
            name="cardNumber"
            autoFocus={focusOnMount}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={fields.cardNumber}
            onChange={(e) => set('cardNumber', formatCardNumber(e.currentTarget.value))}
          />
          <Field.ErrorText>{errors.cardNumber}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.cardholderName} required>
          <Field.Label>Nombre del titular</Field.Label>
          <Input
            name="cardholderName"
            autoComplete="cc-name"
            placeholder="Como aparece en la tarjeta"
            value={fields.cardholderName}
            onChange={(e) => set('cardholderName', e.currentTarget.value.slice(0, 100))}
          />
          <Field.ErrorText>{errors.cardholderName}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3" align="start">
          <Field.Root invalid={!!errors.expirationMonth} required>
            <Field.Label>Mes (MM)</Field.Label>
            <Input
              name="expirationMonth"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              value={fields.expirationMonth}
              onChange={(e) => set('expirationMonth', digitsOnly(e.currentTarget.value, 2))}
            />
            <Field.ErrorText>{errors.expirationMonth}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.expirationYear} required>
            <Field.Label>Año (AA/AAAA)</Field.Label>
            <Input
              name="expirationYear"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="AA"
              value={fields.expirationYear}
              onChange={(e) => set('expirationYear', digitsOnly(e.currentTarget.value, 4))}
            />
            <Field.ErrorText>{errors.expirationYear}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.securityCode} required>
            <Field.Label>CVV</Field.Label>
            <Input
              name="securityCode"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={fields.securityCode}
              onChange={(e) => set('securityCode', digitsOnly(e.currentTarget.value, 4))}
            />
            <Field.ErrorText>{errors.securityCode}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <HStack gap="3" align="start">
          <Field.Root maxW="8rem">
            <Field.Label>Tipo de documento</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="identificationType"
                value={fields.identificationType}
                onChange={(e) => set('identificationType', e.currentTarget.value)}
              >
                <option value="DNI">DNI</option>
                <option value="CE">CE</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.identificationNumber}>
            <Field.Label>Número de documento</Field.Label>
            <Input
              name="identificationNumber"
              inputMode="numeric"
              value={fields.identificationNumber}
              onChange={(e) => set('identificationNumber', e.currentTarget.value.slice(0, 30))}
            />
            <Field.ErrorText>{errors.identificationNumber}</Field.ErrorText>
          </Field.Root>
        </HStack>
        {Object.keys(errors).length > 0 && (
          <Text fontSize="sm" color="fg.error" role="alert">
            Revisa los datos de la tarjeta.
          </Text>
        )}
        <Button
          type="submit"
          loading={submitting}
          loadingText="Procesando..."
          data-testid="sandbox-card-submit"
        >
          Pagar {amountLabel}
        </Button>
      </Stack>
    </form>
  )
}
