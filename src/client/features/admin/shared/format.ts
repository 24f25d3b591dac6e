const dateTime = new Intl.DateTimeFormat('es-PE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Lima',
})
const soles = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' })

/** An ISO timestamp in Lima time; '—' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

export const formatSoles = (amount: number) => soles.format(amount)
