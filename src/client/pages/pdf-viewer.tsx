import {
  Box,
  Button,
  Center,
  Flex,
  HStack,
  IconButton,
  Input,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ColorModeToggle } from '../components/color-mode'
import { isAllowedOriginal } from '../features/viewer/highlight-match'

type PdfModule = typeof import('../features/viewer/pdf-document')
type Doc = Awaited<ReturnType<PdfModule['openPdf']>>

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3]

function errorText(error: unknown): string {
  const status = (error as { status?: number })?.status
  if (status === 404) return 'No se pudo abrir el documento: no existe.'
  if (status === 401) return 'No se pudo abrir el documento: tu sesión terminó. Vuelve a iniciar sesión.'
  return 'No se pudo abrir el documento.'
}

/** /protected/pdf_viewer?file=&page=[&q=]: the original at the cited page, the passage highlighted (pdf.js). */
export default function PdfViewerPage() {
  const [params, setParams] = useSearchParams()
  const file = params.get('file')
  const requested = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const passage = params.get('q')
  const [pdf, setPdf] = useState<{ mod: PdfModule; doc: Doc } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [scale, setScale] = useState<number | null>(null)
  const [pageInput, setPageInput] = useState(String(requested))
  const canvas = useRef<HTMLCanvasElement>(null)
  const textLayer = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const allowed = isAllowedOriginal(file)
  const numPages = pdf?.doc.numPages ?? 0
  const page = numPages ? Math.min(requested, numPages) : requested

  useEffect(() => {
    if (!allowed) return
    let doc: Doc | null = null
    let cancelled = false
    import('../features/viewer/pdf-document')
      .then(async (mod) => {
        doc = await mod.openPdf(file)
        if (cancelled) return void doc.destroy()
        setPdf({ mod, doc })
      })
      .catch((e: unknown) => !cancelled && setError(errorText(e)))
    return () => {
      cancelled = true
      void doc?.destroy()
    }
  }, [allowed, file])

  // Fit the page to the width on first load.
  useEffect(() => {
    if (!pdf || scale !== null) return
    void pdf.doc.getPage(page).then((p) => {
      const width = frame.current?.clientWidth ?? 800
      setScale(Math.max(0.5, Math.min(2, (width - 32) / p.getViewport({ scale: 1 }).width)))
    })
  }, [pdf, scale, page])

  useEffect(() => {
    if (!pdf || scale === null || !canvas.current || !textLayer.current) return
    let rendered: { cancel: () => void } | null = null
    let cancelled = false
    pdf.mod
      .renderPage(pdf.doc, page, scale, canvas.current, textLayer.current, passage)
      .then((r) => {
        rendered = r
        if (!cancelled) r.cited?.scrollIntoView({ block: 'center' })
      })
      .catch((e: unknown) => {
        if (!cancelled && (e as Error)?.name !== 'RenderingCancelledException') setError(errorText(e))
      })
    return () => {
      cancelled = true
      rendered?.cancel()
    }
  }, [pdf, page, scale, passage])

  const goTo = useCallback(
    (n: number) => {
      const target = Math.max(1, Math.min(numPages || 1, n))
      setPageInput(String(target))
      const next = new URLSearchParams(params)
      next.set('page', String(target))
      // The highlight belongs to the cited page only.
      if (target !== requested) next.delete('q')
      setParams(next, { replace: true })
    },
    [numPages, params, requested, setParams],
  )
  const zoom = useCallback(
    (dir: 1 | -1) =>
      setScale((s) => {
        const current = s ?? 1
        const steps =
          dir > 0
            ? ZOOM_STEPS.filter((z) => z > current + 0.01)
            : ZOOM_STEPS.filter((z) => z < current - 0.01)
        return (dir > 0 ? steps[0] : steps.at(-1)) ?? current
      }),
    [],
  )

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return
      if (e.key === 'PageDown' || e.key === 'ArrowRight') goTo(page + 1)
      else if (e.key === 'PageUp' || e.key === 'ArrowLeft') goTo(page - 1)
      else if (e.key === '+' || e.key === '=') zoom(1)
      else if (e.key === '-') zoom(-1)
      else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [goTo, page, zoom])

  const name = file?.split('/').pop() ?? ''
  return (
    <Flex direction="column" h="100dvh">
      <Flex
        as="header"
        h="64px"
        px={{ base: '2', md: '4' }}
        gap="2"
        align="center"
        justify="space-between"
        borderBottomWidth="1px"
        flexWrap="nowrap"
      >
        <Text as="h1" fontWeight="semibold" truncate minW="0" data-testid="viewer-title">
          {name || 'Documento original'}
        </Text>
        {pdf && (
          <HStack gap="1" flexShrink={0}>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label="Página anterior"
              onClick={() => goTo(page - 1)}
              disabled={page <= 1}
            >
              ‹
            </IconButton>
            <HStack
              as="form"
              gap="1"
              onSubmit={(e) => {
                e.preventDefault()
                goTo(Number.parseInt(pageInput, 10) || page)
              }}
            >
              <Input
                size="sm"
                w="14"
                aria-label="Número de página"
                inputMode="numeric"
                value={pageInput}
                onChange={(e) => setPageInput(e.currentTarget.value.replace(/\D/g, ''))}
              />
              <Text fontSize="sm" whiteSpace="nowrap" data-testid="viewer-page">
                Página {page} de {numPages}
              </Text>
            </HStack>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label="Página siguiente"
              onClick={() => goTo(page + 1)}
              disabled={page >= numPages}
            >
              ›
            </IconButton>
            <IconButton size="sm" variant="ghost" aria-label="Alejar" onClick={() => zoom(-1)}>
              −
            </IconButton>
            <Text fontSize="sm" w="12" textAlign="center" hideBelow="sm" data-testid="viewer-zoom">
              {Math.round((scale ?? 1) * 100)}%
            </Text>
            <IconButton size="sm" variant="ghost" aria-label="Acercar" onClick={() => zoom(1)}>
              +
            </IconButton>
            <Button size="sm" variant="ghost" hideBelow="md" onClick={() => setScale(null)}>
              Ajustar al ancho
            </Button>
            <Link href={file ?? '#'} download fontSize="sm" px="2" hideBelow="md">
              Descargar
            </Link>
          </HStack>
        )}
        <ColorModeToggle />
      </Flex>
      <Box
        ref={frame}
        as="main"
        tabIndex={0}
        aria-label="Documento"
        flex="1"
        overflow="auto"
        bg="bg.muted"
        p={{ base: '2', md: '4' }}
      >
        {!allowed || error ? (
          <Center h="full">
            <Stack textAlign="center" role="alert" data-testid="viewer-error">
              <Text fontWeight="semibold">No se pudo abrir el documento</Text>
              <Text color="fg.muted">{allowed ? error : 'La dirección del documento no es válida.'}</Text>
            </Stack>
          </Center>
        ) : (
          <>
            {!pdf && (
              <Center h="full">
                <HStack>
                  <Spinner size="sm" />
                  <Text>Cargando documento…</Text>
                </HStack>
              </Center>
            )}
            <Box position="relative" mx="auto" w="fit-content" boxShadow="md" bg="white" hidden={!pdf}>
              <canvas ref={canvas} data-testid="viewer-canvas" />
              <div ref={textLayer} className="lexia-text-layer" />
            </Box>
          </>
        )}
      </Box>
    </Flex>
  )
}
