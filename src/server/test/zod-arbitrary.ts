import fc from 'fast-check'
import type { z } from 'zod'

/**
 * fast-check values for a payload schema of src/shared: mostly the shapes the schema accepts (objects with their
 * required keys, strings within their length and pattern, numbers within their bounds), so a generated request
 * gets past validation and reaches the queries; `hostile` then breaks one field of it at a time. Only the zod
 * features our payload schemas use are read; anything else is an arbitrary JSON value.
 */

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  innerType?: z.ZodType
  options?: z.ZodType[]
  element?: z.ZodType
  in?: z.ZodType
  entries?: Record<string, string>
  values?: unknown[]
}
type Bag = {
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  format?: string
  patterns?: Set<RegExp>
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def; bag: Bag } })._zod

/** Strings are kept short unless the schema asks for more: long ones are the hostile generator's job. */
const STRING_CAP = 60

export function validArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const { def, bag } = internals(schema)
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {}
      const required = Object.keys(shape).filter((k) => !isOptional(shape[k]!))
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validArbitrary(v)]))
      return fc.record(fields, { requiredKeys: required })
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return validArbitrary(def.innerType!)
    case 'nullable':
      return fc.option(validArbitrary(def.innerType!), { nil: null })
    case 'union':
      return fc.oneof(...def.options!.map(validArbitrary))
    case 'pipe':
      return validArbitrary(def.in!)
    case 'array':
      return fc.array(validArbitrary(def.element!), {
        minLength: bag.minimum ?? 0,
        maxLength: Math.min(bag.maximum ?? 3, 3),
      })
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!))
    case 'literal':
      return fc.constantFrom(...def.values!)
    case 'boolean':
      return fc.boolean()
    case 'string':
      return stringArbitrary(bag)
    case 'number':
      return numberArbitrary(bag)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function isOptional(schema: z.ZodType): boolean {
  const type = internals(schema).def.type
  return type === 'optional' || type === 'default' || type === 'prefault'
}

function stringArbitrary(bag: Bag): fc.Arbitrary<string> {
  const minLength = bag.minimum ?? 0
  const maxLength = Math.max(minLength, Math.min(bag.maximum ?? STRING_CAP, STRING_CAP))
  if (bag.format === 'email')
    return fc.emailAddress().filter((e) => e.length <= (bag.maximum ?? 254) && !/[A-Z]/.test(e))
  const pattern = bag.patterns ? [...bag.patterns][0] : undefined
  if (pattern)
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length >= minLength && s.length <= (bag.maximum ?? Number.POSITIVE_INFINITY))
  return fc.string({ minLength, maxLength, unit: 'grapheme' })
}

function numberArbitrary(bag: Bag): fc.Arbitrary<number> {
  const integer = bag.format?.includes('int')
  const min = bag.minimum ?? (bag.exclusiveMinimum !== undefined ? bag.exclusiveMinimum + 1 : undefined)
  const max = bag.maximum ?? (bag.exclusiveMaximum !== undefined ? bag.exclusiveMaximum - 1 : undefined)
  if (integer)
    return fc.integer({
      min: Math.max(min ?? -1000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    })
  return fc.double({ min: min ?? 0.01, max: max ?? 10_000, noNaN: true, noDefaultInfinity: true })
}

/** Values no field should take without a Spanish 4xx: NUL and control characters, numbers past int4, wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31mrojo',
    '\u007f',
    'x'.repeat(5000),
    '\ud800',
    '🙂'.repeat(300),
    '\u202eRTL',
    '',
    '   ',
    "'; drop table consultations; --",
    '%00',
    '2147483648',
    '99999999999',
    '-1',
    '1e309',
  ),
  fc.constantFrom(2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1, 0, -0, 0.5, 1.5, -1e-9),
  fc.constantFrom(true, false, null, [], {}, [1], { a: 1 }, [null], { $gt: '' }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.string({ maxLength: 40, unit: 'binary' }),
)

/** Where leaves of a generated value are: paths into its objects and arrays. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => leafPaths(v, [...prefix, i]))]
  if (value && typeof value === 'object')
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]))]
  return [prefix]
}

const MISSING = Symbol('missing')

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === MISSING ? undefined : replacement
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (rest.length === 0 && replacement === MISSING) delete copy[head]
  else copy[head] = replaceAt(copy[head], rest, replacement)
  return copy
}

/**
 * A valid value with one field (or the whole) replaced by a hostile one or left out; and whole bodies that are
 * not the schema's kind at all.
 */
export function hostileArbitrary(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const broken = fc
    .tuple(valid, fc.nat(), fc.oneof(hostileValue, fc.constant(MISSING)))
    .map(([value, n, replacement]) => {
      const paths = leafPaths(value)
      return replaceAt(value, paths[n % paths.length]!, replacement)
    })
  const extraField = fc
    .tuple(valid, hostileValue)
    .map(([value, h]) => (value && typeof value === 'object' ? { ...value, 'k\u0000': h } : value))
  return fc.oneof(broken, extraField, hostileValue)
}

/** Valid and hostile mixed: about a third valid. */
export function bodyArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema)
  return fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: hostileArbitrary(valid), weight: 2 })
}
