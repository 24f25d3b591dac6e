import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CONTROL_CHARACTERS_MESSAGE,
  containsControlCharacters,
  INT4_MAX,
  int4Id,
  int4IdParam,
  safeText,
} from './fields'

describe('safeText', () => {
  it('refuses NUL and the other control characters, keeps lines, tabs and any script', () => {
    const text = safeText()
    for (const bad of ['a\u0000b', '\u0000', 'x\u0007', 'x\u001b[31m', 'x\u007f'])
      expect(text.safeParse(bad).error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE)
    for (const good of ['línea 1\nlínea 2\r\n\tfin', 'Ñandú ¿qué? 法律 🙂', ''])
      expect(text.parse(good)).toBe(good)
  })

  it('chains like z.string', () => {
    const field = safeText({ error: 'Escribe algo' }).trim().min(1, 'Escribe algo').max(5)
    expect(field.parse('  hola ')).toBe('hola')
    expect(field.safeParse(42).error?.issues[0]?.message).toBe('Escribe algo')
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('Escribe algo')
  })
})

describe('int4 ids', () => {
  it('take 1 … 2147483647 and nothing else', () => {
    const id = int4Id()
    expect(id.parse(1)).toBe(1)
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX)
    for (const bad of [0, -1, INT4_MAX + 1, 1.5, Number.MAX_SAFE_INTEGER, '1', null])
      expect(id.safeParse(bad).success).toBe(false)
  })

  it('in a path, as digits', () => {
    const param = int4IdParam('Consulta no encontrada')
    expect(param.parse('42')).toBe(42)
    expect(param.parse(String(INT4_MAX))).toBe(INT4_MAX)
    for (const bad of ['0', '2147483648', '99999999999', '-1', '1e3', '1.0', 'abc', '', ' 1'])
      expect(param.safeParse(bad).error?.issues[0]?.message).toBe('Consulta no encontrada')
  })
})

describe('containsControlCharacters', () => {
  it('looks into arrays, objects and keys', () => {
    expect(containsControlCharacters({ a: [1, { b: 'ok' }] })).toBe(false)
    expect(containsControlCharacters({ a: [1, { b: 'x\u0000' }] })).toBe(true)
    expect(containsControlCharacters({ 'k\u0000': 1 })).toBe(true)
    let deep: unknown = 'ok'
    for (let i = 0; i < 100; i++) deep = [deep]
    expect(containsControlCharacters(deep)).toBe(true)
  })
})

describe('zod messages', () => {
  it('are Spanish for the issues a payload meets', () => {
    const schema = z.object({
      name: safeText().max(3),
      count: z.number().int().min(1).max(10),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(2),
      email: z.email(),
    })
    const result = schema.safeParse({ name: 'abcd', count: 11.5, kind: 'c', tags: [], email: 'x' })
    const messages = result.error!.issues.map((i) => i.message)
    expect(messages).toEqual([
      'Debe tener como máximo 3 caracteres',
      'Se esperaba un número entero',
      'El valor no es válido',
      'Debe tener al menos 2 elementos',
      'El correo electrónico no es válido',
    ])
    expect(schema.safeParse({}).error!.issues[0]!.message).toBe('Este campo es obligatorio')
    expect(schema.safeParse({ name: 1 }).error!.issues[0]!.message).toBe('Se esperaba un texto')
  })
})
