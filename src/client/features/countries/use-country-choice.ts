import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { type Country, countryListSchema } from '../../../shared/agent-schemas'
import { apiGet } from '../../lib/api-client'
import { writePreferences } from '../preferences'
import { chooseCountry, detectedCountry, selectedCountryKey } from './country-order'

export type CountryChoice = {
  loading: boolean
  countries: Country[]
  /** The chosen iso2; null until the list has loaded. */
  value: string | null
  choose: (iso2: string) => void
}

function readStored(userId: string): string | null {
  try {
    return localStorage.getItem(selectedCountryKey(userId))
  } catch (error) {
    console.error('No se pudo leer el país guardado', error)
    return null
  }
}

/**
 * The chat's country (spec §4 order, stored per user). Held by the page, not by a picker, so the choice is made
 * and kept while the pickers sit folded in the header's compact control.
 */
export function useCountryChoice(userId: string): CountryChoice {
  const query = useQuery({
    queryKey: ['countries'],
    queryFn: async () => {
      try {
        return (await apiGet('/api/countries', countryListSchema)).countries
      } catch (error) {
        console.error('Error al cargar países', error)
        throw error
      }
    },
    staleTime: 300_000,
  })
  const [value, setValue] = useState<string | null>(null)
  useEffect(() => {
    if (!query.data || value) return
    const chosen = chooseCountry(query.data, readStored(userId), detectedCountry(navigator.languages ?? []))
    if (!chosen) return
    setValue(chosen)
    writePreferences(userId, { selectedCountry: chosen })
  }, [query.data, value, userId])

  const choose = useCallback(
    (iso2: string) => {
      try {
        localStorage.setItem(selectedCountryKey(userId), iso2)
      } catch (error) {
        console.error('No se pudo guardar el país', error)
      }
      writePreferences(userId, { selectedCountry: iso2 })
      setValue(iso2)
    },
    [userId],
  )
  return { loading: query.isPending, countries: query.data ?? [], value, choose }
}
