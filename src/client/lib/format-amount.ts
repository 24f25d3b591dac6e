/** Spec §9: prices in soles, es-PE digits, always two decimals ('S/ 1,234.50'). */
const soles = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatAmount(amount: number, currencyAlias = 'S/'): string {
  return `${currencyAlias} ${soles.format(amount)}`
}
