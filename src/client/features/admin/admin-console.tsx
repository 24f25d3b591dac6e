import { Container, Heading, Stack, Tabs } from '@chakra-ui/react'
import { useSearchParams } from 'react-router'
import { SECTIONS } from './sections'

/**
 * The console: one tab per section, the chosen one in the address (`?seccion=usuarios`) so a reload or a shared
 * link opens it again; each list's state sits beside it (use-admin-list.ts), so a section left and opened again
 * shows its list as it was. Only the open section is mounted, so only its lists are requested.
 */
export function AdminConsole() {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('seccion')
  const current = SECTIONS.some((s) => s.id === wanted) ? (wanted as string) : 'panel'
  return (
    <Container as="main" maxW="7xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="4">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          Consola de administración
        </Heading>
        <Tabs.Root
          value={current}
          onValueChange={(e) =>
            // Only the section changes: every list keeps its search, filters and page in the address.
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev)
                next.set('seccion', e.value)
                return next
              },
              { replace: true },
            )
          }
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Tabs.List overflowX="auto" overflowY="hidden" aria-label="Secciones de la consola">
            {SECTIONS.map((s) => (
              <Tabs.Trigger key={s.id} value={s.id} flexShrink={0}>
                {s.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SECTIONS.map(({ id, label, Component }) => (
            <Tabs.Content key={id} value={id} pt="4">
              <Heading as="h2" srOnly>
                {label}
              </Heading>
              <Component />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </Container>
  )
}
