import { CloseButton, Drawer, Input, Portal, Stack, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { SourceItem } from '../../../shared/search-schemas'
import { matchRanges } from './highlight'
import { SourceCard } from './source-card'

type Props = {
  open: boolean
  onClose: () => void
  leyes: SourceItem[]
  sentencias: SourceItem[]
}

function SourceList({
  items,
  term,
  empty,
  prefix,
}: {
  items: SourceItem[]
  term: string
  empty: string
  prefix: string
}) {
  const shown = term.trim()
    ? items.filter((s) => matchRanges(`${s.title} ${s.content}`, term).length > 0)
    : items
  if (items.length === 0) return <Text color="fg.muted">{empty}</Text>
  if (shown.length === 0) return <Text color="fg.muted">Ninguna fuente contiene «{term}».</Text>
  return (
    <Stack gap="3">
      {shown.map((s) => {
        const key = `${prefix}-${s.identifier}-${s.label}-${s.page_number}`
        return <SourceCard key={key} source={s} term={term} id={key} />
      })}
    </Stack>
  )
}

/** Spec §2 sources drawer 'Fuentes': search, the two tabs, and each source. */
export function SourcesDrawer({ open, onClose, leyes, sentencias }: Props) {
  const [term, setTerm] = useState('')
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="md" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="sources-drawer">
            <Drawer.Header>
              <Drawer.Title>Fuentes</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="3">
                <Input
                  aria-label="Buscar en el contenido"
                  placeholder="Buscar en el contenido..."
                  value={term}
                  onChange={(e) => setTerm(e.currentTarget.value)}
                  size="sm"
                />
                <Tabs.Root defaultValue="leyes" variant="line">
                  <Tabs.List>
                    <Tabs.Trigger value="leyes">Normas Juridicas</Tabs.Trigger>
                    <Tabs.Trigger value="sentencias">Sentencias</Tabs.Trigger>
                  </Tabs.List>
                  <Tabs.Content value="leyes">
                    <SourceList
                      items={leyes}
                      term={term}
                      prefix="ley"
                      empty="No hay normas juridicas citadas en este mensaje."
                    />
                  </Tabs.Content>
                  <Tabs.Content value="sentencias">
                    <SourceList
                      items={sentencias}
                      term={term}
                      prefix="sentencia"
                      empty="No hay sentencias citadas en este mensaje."
                    />
                  </Tabs.Content>
                </Tabs.Root>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar fuentes" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

export default SourcesDrawer
