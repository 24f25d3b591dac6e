import { z } from 'zod'

/** Spec §3 user preferences, kept per user in this browser. */
export const userPreferencesSchema = z.object({
  selectedCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .catch('PE'),
  language: z.string().min(2).max(10).catch('es-ES'),
  isFirstMessageSent: z.boolean().catch(false),
})
export type UserPreferences = z.infer<typeof userPreferencesSchema>

export const DEFAULT_PREFERENCES: UserPreferences = {
  selectedCountry: 'PE',
  language: 'es-ES',
  isFirstMessageSent: false,
}

export const preferencesKey = (userId: string) => `${userId}_preferences`

/** The stored preferences with the spec's defaults for anything missing or malformed. */
export function readPreferences(userId: string, storage: Storage = localStorage): UserPreferences {
  try {
    const raw: unknown = JSON.parse(storage.getItem(preferencesKey(userId)) ?? '{}')
    return userPreferencesSchema.parse({
      ...DEFAULT_PREFERENCES,
      ...(raw && typeof raw === 'object' ? raw : {}),
    })
  } catch (error) {
    console.error('No se pudieron leer las preferencias', error)
    return { ...DEFAULT_PREFERENCES }
  }
}

export function writePreferences(
  userId: string,
  change: Partial<UserPreferences>,
  storage: Storage = localStorage,
): UserPreferences {
  const next = { ...readPreferences(userId, storage), ...change }
  try {
    storage.setItem(preferencesKey(userId), JSON.stringify(next))
  } catch (error) {
    console.error('No se pudieron guardar las preferencias', error)
  }
  return next
}
