/** Spec §3 release note and §9 version: what the Novedades modal shows, newest first. */
export type ReleaseNote = { date: string; title: string; description: string; isHighlight: boolean }

export const APP_VERSION = '1.1.0'

export const RELEASE_NOTES: ReleaseNote[] = [
  {
    date: '2025-04-01',
    title: 'Próximamente: toda la jurisprudencia en las respuestas',
    description:
      'Los agentes citarán todas las sentencias del corpus en sus respuestas, junto a las normas, cada una abierta en su página del documento original.',
    isHighlight: true,
  },
  {
    date: '2025-03-19',
    title: 'Fuentes con documento original',
    description:
      'Cada respuesta muestra sus fuentes en dos grupos, normas jurídicas y sentencias, con búsqueda en el contenido, lectura en voz alta y el documento original abierto en la página citada.',
    isHighlight: true,
  },
  {
    date: '2024-12-21',
    title: 'Planes de créditos con tarjeta y Yape',
    description:
      'Compra créditos en soles con tarjeta de crédito o débito, o con Yape en los planes de prepago, y consulta tu saldo en la barra lateral.',
    isHighlight: false,
  },
]

/** es-PE, day, short month, year (spec §9 date format), read as a calendar date whatever the time zone. */
export function formatNoteDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Intl.DateTimeFormat('es-PE', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)))
}
