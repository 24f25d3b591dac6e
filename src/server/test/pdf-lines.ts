/** Each page's text items as printed, read with pdf.js: one item per written line (and one per footer part). */
export async function pdfPageLines(pdf: Buffer | Uint8Array): Promise<string[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise
  const pages: string[][] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    const lines: string[] = []
    for (const item of content.items) {
      if ('str' in item && item.str.trim() !== '') lines.push(item.str)
    }
    pages.push(lines)
  }
  await doc.destroy()
  return pages
}
