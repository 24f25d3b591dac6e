import { toaster } from '../components/toaster'

/** Spec §5/§8 copy: only non-empty text, with the success or failure toast. */
export async function copyText(text: string): Promise<void> {
  if (!text.trim()) return
  try {
    await navigator.clipboard.writeText(text)
    toaster.create({ title: 'Texto copiado', description: 'Texto copiado.', type: 'success' })
  } catch {
    toaster.create({ title: 'Error al copiar', description: 'Inténtalo nuevamente', type: 'error' })
  }
}
