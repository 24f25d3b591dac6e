import { Center, Spinner } from '@chakra-ui/react'

/** Shown while a page's code loads. */
export function PageLoader() {
  return (
    <Center minH="50vh" role="status" aria-label="Cargando">
      <Spinner size="lg" color="cyan.fg" />
    </Center>
  )
}
