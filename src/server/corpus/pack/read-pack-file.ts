import { readFileSync } from 'node:fs'
import type { z } from 'zod'

/** A pack's JSON file, validated; a file that does not parse or fit throws, naming it (a pack is checked at start). */
export function readPackFile<T>(file: string, schema: z.ZodType<T>): T {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`Paquete de conocimiento inválido: ${file}: ${(error as Error).message}`)
  }
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw new Error(`Paquete de conocimiento inválido: ${file}: ${parsed.error.message}`)
  return parsed.data
}
