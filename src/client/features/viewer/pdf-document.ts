import './text-layer.css'
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, TextLayer } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { matchPassage } from './highlight-match'

// pdf.js and its worker live in this module's chunk: only the viewer page imports it.
GlobalWorkerOptions.workerSrc = workerUrl

export type { PDFDocumentProxy }

export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  return getDocument({ url, withCredentials: true, isEvalSupported: false }).promise
}

export type RenderedPage = { width: number; height: number; cited: HTMLElement | null; cancel: () => void }

/**
 * Draws one page on the canvas at `scale` and lays pdf.js's text layer over it (selectable, searchable); the
 * text items holding `passage` are marked. Returns the first marked element so the page can scroll to it.
 */
export async function renderPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  scale: number,
  canvas: HTMLCanvasElement,
  textContainer: HTMLElement,
  passage: string | null,
): Promise<RenderedPage> {
  const page = await doc.getPage(pageNumber)
  const viewport = page.getViewport({ scale })
  const ratio = window.devicePixelRatio || 1
  canvas.width = Math.floor(viewport.width * ratio)
  canvas.height = Math.floor(viewport.height * ratio)
  canvas.style.width = `${Math.floor(viewport.width)}px`
  canvas.style.height = `${Math.floor(viewport.height)}px`
  const task = page.render({
    canvas,
    canvasContext: canvas.getContext('2d')!,
    viewport,
    transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
  })
  textContainer.replaceChildren()
  textContainer.style.setProperty('--total-scale-factor', String(scale))
  const textLayer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container: textContainer,
    viewport,
  })
  await Promise.all([task.promise, textLayer.render()])
  let cited: HTMLElement | null = null
  if (passage) {
    const hits = matchPassage(textLayer.textContentItemsStr, passage)
    for (const i of hits) {
      const div = textLayer.textDivs[i]
      if (!div) continue
      div.classList.add('lexia-cited')
      div.setAttribute('data-cited', '')
      cited ??= div
    }
  }
  return {
    width: viewport.width,
    height: viewport.height,
    cited,
    cancel: () => {
      task.cancel()
      textLayer.cancel()
    },
  }
}
