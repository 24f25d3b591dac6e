/** An ISO timestamp as a datetime-local field shows it (the browser's time), and back; '' is no date. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null
  const date = new Date(value)
  // An unreadable date goes to the schema as typed, which refuses it with its Spanish message.
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}
