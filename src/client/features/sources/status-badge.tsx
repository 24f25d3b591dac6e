import { Badge } from '@chakra-ui/react'
import type { StatusTone, StatusView } from '../../../shared/norm-status'

/** Colours that mean what the status says: green in force, blue changed, orange not in force, grey no verdict. */
export const TONE_PALETTE: Readonly<Record<StatusTone, string>> = {
  calm: 'green',
  notice: 'blue',
  warning: 'orange',
  neutral: 'gray',
}

/** A source's status in Spanish (the drawer shows it beyond the spec's fields), from `sourceStatus`. */
export function StatusBadge({ view }: { view: StatusView }) {
  return (
    <Badge size="sm" colorPalette={TONE_PALETTE[view.tone]} data-testid="source-status" data-tone={view.tone}>
      {view.label}
    </Badge>
  )
}
