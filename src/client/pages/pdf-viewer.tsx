import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'

/** /protected/pdf_viewer?file=&page=: placeholder for the original-document viewer. */
export default function PdfViewerPage() {
  const [params] = useSearchParams()
  const file = params.get('file')
  const page = params.get('page')
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT}>
      <AppBar />
      <Container as="main" maxW="3xl" py="12">
        <Stack gap="3">
          <Heading as="h1" size="2xl">
            Documento original
          </Heading>
          {file ? (
            <Text color="fg.muted" data-testid="pdf-viewer-target">
              {file}
              {page ? ` · página ${page}` : ''}
            </Text>
          ) : (
            <Text color="fg.muted">No se indicó ningún documento.</Text>
          )}
        </Stack>
      </Container>
    </Box>
  )
}
