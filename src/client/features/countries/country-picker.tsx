import { NativeSelect, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { countryListSchema } from '../../../shared/agent-schemas'
import { apiGet } from '../../lib/api-client'
import { chooseCountry, detectedCountry, selectedCountryKey } from './country-order'

function readStored(userId: string): string | null {
  try {
    return localStorage.getItem(selectedCountryKey(userId))
  } catch (error) {
    console.error('No se pudo leer el país guardado', error)
    return null
  }
}

/** Spec §2/§4 country picker: active countries, flag + iso2, chosen in the spec's order and stored per user. */
export function CountryPicker({
  userId,
  value,
  onChange,
}: {
  userId: string
  value: string | null
  onChange: (iso2: string) => void
}) {
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
  useEffect(() => {
    if (!query.data || value) return
    const chosen = chooseCountry(query.data, readStored(userId), detectedCountry(navigator.languages ?? []))
    if (chosen) onChange(chosen)
  }, [query.data, value, userId, onChange])

  if (query.isPending) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Cargando países...
      </Text>
    )
  }
  const countries = query.data ?? []
  return (
    <NativeSelect.Root size="sm" w="24">
      <NativeSelect.Field
        aria-label="País"
        data-testid="country-picker"
        value={value ?? ''}
        onChange={(e) => {
          const iso2 = e.currentTarget.value
          try {
            localStorage.setItem(selectedCountryKey(userId), iso2)
          } catch (error) {
            console.error('No se pudo guardar el país', error)
          }
          onChange(iso2)
        }}
      >
        {countries.map((c) => (
          <option key={c.iso2} value={c.iso2}>
            {`${c.flag} ${c.iso2}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
