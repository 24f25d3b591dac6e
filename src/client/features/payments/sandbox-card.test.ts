import { describe, expect, it } from 'vitest'
import { emptySandboxCard, formatCardNumber, fullYear, toSandboxCardRequest } from './sandbox-card'

const filled = {
  ...emptySandboxCard(),
  cardNumber: '4009 1753 3280 6176',
  cardholderName: ' APRO ',
  expirationMonth: '11',
  expirationYear: '30',
  securityCode: '123',
  identificationNumber: '12345678',
}

describe('sandbox card form', () => {
  it('groups card digits by four', () => {
    expect(formatCardNumber('4009175332806176')).toBe('4009 1753 3280 6176')
    expect(formatCardNumber('4009-1753 32')).toBe('4009 1753 32')
  })

  it('reads a two-digit year as this century', () => {
    expect(fullYear('30')).toBe('2030')
    expect(fullYear('2031')).toBe('2031')
  })

  it('turns the form into the tokenizer request', () => {
    expect(toSandboxCardRequest(filled)).toEqual({
      ok: true,
      request: {
        cardNumber: '4009175332806176',
        cardholderName: 'APRO',
        expirationMonth: '11',
        expirationYear: '2030',
        securityCode: '123',
        identificationType: 'DNI',
        identificationNumber: '12345678',
      },
    })
  })

  it('pads a one-digit month', () => {
    const result = toSandboxCardRequest({ ...filled, expirationMonth: '3' })
    expect(result.ok && result.request.expirationMonth).toBe('03')
  })

  it('reports each wrong field in Spanish', () => {
    const result = toSandboxCardRequest({
      ...filled,
      cardNumber: '4009',
      cardholderName: '  ',
      expirationMonth: '13',
      expirationYear: '3',
      securityCode: '12',
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        cardNumber: 'Número de tarjeta inválido',
        cardholderName: 'Ingresa el nombre del titular',
        expirationMonth: 'Mes inválido',
        expirationYear: 'Año inválido',
        securityCode: 'Código de seguridad inválido',
      },
    })
  })

  it('starts empty, as after a rebuild', () => {
    expect(emptySandboxCard()).toEqual({
      cardNumber: '',
      cardholderName: '',
      expirationMonth: '',
      expirationYear: '',
      securityCode: '',
      identificationType: 'DNI',
      identificationNumber: '',
    })
  })
})
