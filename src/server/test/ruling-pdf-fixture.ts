import { createWriteStream, mkdirSync } from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import PDFDocument from 'pdfkit'

/** The fixture corpus's one ruling PDF, by the name the judiciary's files bear (its record is in metadata.json). */
export const FIXTURE_RULING_PDF = 'Apelacion-000903-2026__Resolucion_05_20260703120000000000000.pdf'

const PARAGRAPHS = [
  'CORTE SUPREMA DE JUSTICIA DE LA REPÚBLICA',
  'SALA PENAL PERMANENTE',
  'APELACIÓN N.° 903-2026/LIMA',
  'Lima, tres de julio de dos mil veintiséis',
  'VISTOS: el recurso de apelación interpuesto por la defensa del imputado contra el auto que declaró fundado el requerimiento de prisión preventiva por el delito de robo agravado.',
  'CONSIDERANDO',
  'Primero. El imputado fue intervenido cuando, con el concurso de otra persona y a mano armada, se apoderó del teléfono celular del agraviado durante la noche.',
  'Segundo. La violencia o la amenaza contra la persona separa el robo del hurto, conforme a los artículos 188 y 189 del Código Penal; el juez de primera instancia valoró con acierto los graves y fundados elementos de convicción.',
  'Tercero. El peligro de fuga se acredita porque el imputado carece de domicilio conocido y de arraigo laboral.',
  'DECISIÓN',
  'Por estos fundamentos, declararon INFUNDADO el recurso de apelación y CONFIRMARON el auto que dictó prisión preventiva. Hágase saber.',
]

/**
 * Writes a short made-up appeal laid out like the Corte Suprema's (heading, VISTOS, numbered grounds, decision) into
 * a corpus folder's rulings PDFs. Made when a test copies the fixture corpus, never committed: a file named like the
 * judiciary's would read as corpus data in the repository. Fixed dates: the same sources give the same bytes.
 */
export async function writeFixtureRulingPdf(pdfDir: string): Promise<string> {
  mkdirSync(pdfDir, { recursive: true })
  const out = path.join(pdfDir, FIXTURE_RULING_PDF)
  const doc = new PDFDocument({
    size: 'A4',
    margin: 72,
    info: { CreationDate: new Date('2026-07-03T12:00:00Z') },
  })
  const written = finished(doc.pipe(createWriteStream(out)))
  doc.fontSize(12)
  for (const text of PARAGRAPHS) doc.text(text, { align: 'justify' }).moveDown()
  doc.end()
  await written
  return out
}
