import { useQuery } from '@tanstack/react-query'
import { ADMIN_PAGE_SIZE_MAX, countryPageSchema } from '../../../../shared/admin'
import { apiGet } from '../../../lib/api-client'
import { adminUrl } from './admin-url'
import type { Option } from './list-toolbar'

/**
 * The configured countries (the console's Países list) as the options of a country select, in their order; an
 * inactive one is marked so. The first option, '', is every country.
 */
export function useCountryOptions(): Option[] {
  const query = useQuery({
    queryKey: ['admin', 'countries', 'options'],
    queryFn: () =>
      apiGet(
        adminUrl('countries', { pageSize: ADMIN_PAGE_SIZE_MAX, sort: 'sortOrder', dir: 'asc' }),
        countryPageSchema,
      ),
  })
  const countries = query.data?.items ?? []
  return [
    { value: '', label: 'Todos los países' },
    ...countries.map((c) => ({
      value: c.iso2,
      label: `${c.flag} ${c.name} (${c.iso2})${c.active ? '' : ' — inactivo'}`,
    })),
  ]
}

/** A record's country stays an option even when it is not in the list (not loaded yet, or removed). */
export const withCurrent = (options: Option[], current: string): Option[] =>
  current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options
