import { Alert, Button, Field, Input, Link, PinInput, Stack, Text } from '@chakra-ui/react'
import { type ClipboardEvent, type FormEvent, useRef, useState } from 'react'
import {
  hasYapeErrors,
  type PaymentOutcome,
  validateYapeForm,
  YAPE_OTP_LENGTH,
  YAPE_SUCCESS_MESSAGE,
  YAPE_UNEXPECTED_MESSAGE,
  yapeFailureMessage,
} from '../../../shared/payment-messages'
import type { PaymentConfig } from '../../../shared/payment-schemas'
import { ApiError } from '../../lib/api-client'
import { announceAcceptedPayment, announceRejectedPayment } from './complete-payment'
import { MERCADOPAGO_NOT_READY_MESSAGE } from './mercadopago-global'
import { otpBoxesFromPaste, otpFromBoxes, sanitizeOtpPaste, sanitizePhone } from './otp-input'
import { submitYapePayment } from './payment-api'
import { buildYapePaymentRequest, type PlanToPay } from './payment-request'
import { createYapeToken } from './yape-token'

/** Yape's own site, where its help explains the approval code for online purchases. */
export const YAPE_INSTRUCTIONS_URL = 'https://www.yape.com.pe/'

/** Spec §8: a failed Yape payment raises this (isUnexpected false) besides the toast. */
export type YapePaymentError = { code: string; message: string; isUnexpected: boolean }

type Props = {
  plan: PlanToPay
  userEmail: string | null
  config: PaymentConfig
  onSuccess: (paymentId: string | null, status: 'approved' | 'pending') => void
  onError?: (error: YapePaymentError) => void
}

const emptyOtp = () => Array.from({ length: YAPE_OTP_LENGTH }, () => '')

/** Spec §2 Yape form and §4 mobile-wallet flow. Validation messages show only after a submit attempt. */
export function YapeForm({ plan, userEmail, config, onSuccess, onError }: Props) {
  const [phoneNumber, setPhoneNumber] = useState('')
  const [otpBoxes, setOtpBoxes] = useState<string[]>(emptyOtp)
  const [attempted, setAttempted] = useState(false)
  const [processing, setProcessing] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const otp = otpFromBoxes(otpBoxes)
  const otpRoot = useRef<HTMLDivElement>(null)
  const errors = attempted ? validateYapeForm({ phoneNumber, otp }) : {}

  const failWith = (error: YapePaymentError) => {
    setFailure(error.message)
    announceRejectedPayment(error.message)
    // A Yape approval code works once: the next attempt needs a new one, typed from the first box. The emptied
    // boxes are not a mistake of the person's, so the 6-digit message waits for their next submit.
    setOtpBoxes(emptyOtp())
    setAttempted(false)
    otpRoot.current?.querySelector<HTMLInputElement>('input[data-index="0"]')?.focus()
    onError?.(error)
  }

  // A whole pasted code fills every box, even when the focus is on a later box (the pin input would start there).
  const pasteWholeCode = (event: ClipboardEvent<HTMLDivElement>) => {
    const boxes = otpBoxesFromPaste(event.clipboardData.getData('text/plain'))
    if (!boxes) return
    event.preventDefault()
    event.stopPropagation()
    setOtpBoxes(boxes)
    otpRoot.current?.querySelector<HTMLInputElement>(`input[data-index="${YAPE_OTP_LENGTH - 1}"]`)?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (processing) return
    setAttempted(true)
    // A new attempt answers for itself: the last refusal no longer stands beside its messages.
    setFailure(null)
    if (hasYapeErrors(validateYapeForm({ phoneNumber, otp }))) return
    setProcessing(true)
    try {
      let token: string
      try {
        token = await createYapeToken(config, { phoneNumber, otp })
      } catch (error) {
        failWith(tokenError(error))
        return
      }
      const outcome: PaymentOutcome = await submitYapePayment(buildYapePaymentRequest(token, plan, userEmail))
      if (outcome.kind === 'rejected') {
        failWith({ code: outcome.code, message: outcome.message, isUnexpected: false })
        return
      }
      announceAcceptedPayment(outcome, plan, 'yape', YAPE_SUCCESS_MESSAGE)
      onSuccess(outcome.paymentId, outcome.kind)
    } catch (error) {
      console.error('Error inesperado en el pago con Yape', error)
      failWith({ code: 'yape_system_error', message: YAPE_UNEXPECTED_MESSAGE, isUnexpected: true })
    } finally {
      setProcessing(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="yape-form">
      <Stack gap="4">
        {config.provider === 'sandbox' && (
          <Text fontSize="sm" color="fg.muted">
            Modo de pruebas: con el código 123456, el celular 111111111 aprueba el pago, 111111113 no tiene
            fondos y 111111119 queda pendiente hasta «npm run payments:settle».
          </Text>
        )}
        <Field.Root invalid={!!errors.phoneNumber} required>
          <Field.Label>Numero de celular Yape</Field.Label>
          <Input
            name="phoneNumber"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="987654321"
            value={phoneNumber}
            onChange={(e) => setPhoneNumber(sanitizePhone(e.currentTarget.value))}
            data-testid="yape-phone"
          />
          <Field.ErrorText>{errors.phoneNumber}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.otp} required>
          <PinInput.Root
            ref={otpRoot}
            display="flex"
            flexDirection="column"
            alignItems="flex-start"
            gap="1.5"
            onPasteCapture={pasteWholeCode}
            count={YAPE_OTP_LENGTH}
            otp
            type="numeric"
            value={otpBoxes}
            onValueChange={(details) => setOtpBoxes(details.value)}
            sanitizeValue={sanitizeOtpPaste}
            translations={{
              inputLabel: (index, length) => `Dígito ${index + 1} de ${length} del código de aprobación`,
            }}
            data-testid="yape-otp"
          >
            <PinInput.Label fontWeight="medium" textStyle="sm">
              Codigo de Aprobacion OTP
            </PinInput.Label>
            <PinInput.HiddenInput />
            <PinInput.Control>
              {Array.from({ length: YAPE_OTP_LENGTH }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
                <PinInput.Input key={index} index={index} />
              ))}
            </PinInput.Control>
          </PinInput.Root>
          <Field.HelperText>
            Encuéntralo en tu app Yape, en la opción «Código de aprobación».
          </Field.HelperText>
          <Field.ErrorText>{errors.otp}</Field.ErrorText>
        </Field.Root>
        <Link href={YAPE_INSTRUCTIONS_URL} target="_blank" rel="noopener noreferrer" fontSize="sm">
          Instrucciones para pagar con Yape
        </Link>
        {failure && (
          <Alert.Root status="error" data-testid="yape-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" disabled={processing} data-testid="yape-submit">
          {processing ? 'Procesando...' : 'Pagar con Yape'}
        </Button>
      </Stack>
    </form>
  )
}

/** A token that could not be made: the SDK's or the sandbox's own Spanish reason, or the unexpected-error text. */
function tokenError(error: unknown): YapePaymentError {
  if (error instanceof ApiError) {
    const details = error.details as { status_detail?: unknown } | undefined
    const code = typeof details?.status_detail === 'string' ? details.status_detail : error.code
    return { code, message: yapeFailureMessage(code, error.message), isUnexpected: false }
  }
  if (error instanceof Error && error.message.includes('Mercado Pago')) {
    return {
      code: 'yape_system_error',
      message: error.message || MERCADOPAGO_NOT_READY_MESSAGE,
      isUnexpected: false,
    }
  }
  console.error('Error inesperado al crear el token de Yape', error)
  return { code: 'yape_system_error', message: YAPE_UNEXPECTED_MESSAGE, isUnexpected: true }
}
