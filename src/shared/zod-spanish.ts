import { z } from 'zod'

/**
 * Zod's own messages are English and reach users through `details` (and as the message of a field with no
 * message of its own). Every schema in src/shared imports this through fields.ts, so the Spanish map is in place
 * before anything is parsed, on the server and in the browser alike. The common issues get short sentences a
 * person can act on; the rare ones fall back to zod's Spanish locale.
 */
const zodEs = z.locales.es().localeError

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
  bigint: 'un número entero',
}

const UNITS: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos' }

const spanishError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Este campo es obligatorio'
      return `Se esperaba ${TYPE_NAMES[issue.expected] ?? issue.expected}`
    case 'too_big': {
      const unit = UNITS[issue.origin]
      const max = issue.maximum.toString()
      if (unit) return `Debe tener como máximo ${max} ${unit}`
      return issue.inclusive ? `Debe ser como máximo ${max}` : `Debe ser menor que ${max}`
    }
    case 'too_small': {
      const unit = UNITS[issue.origin]
      const min = issue.minimum.toString()
      if (unit) return Number(min) === 1 ? 'No puede estar vacío' : `Debe tener al menos ${min} ${unit}`
      return issue.inclusive ? `Debe ser como mínimo ${min}` : `Debe ser mayor que ${min}`
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'El correo electrónico no es válido' : 'El formato no es válido'
    case 'invalid_value':
      return 'El valor no es válido'
    case 'unrecognized_keys':
      return 'La solicitud tiene campos desconocidos'
    case 'invalid_union':
      return 'El valor no es válido'
    default:
      return zodEs(issue)
  }
}

z.config({ localeError: spanishError })
