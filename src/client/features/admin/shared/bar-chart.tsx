import { Box, Stack, Text } from '@chakra-ui/react'

/** `key` is unique (a date, an agent id); `label` is what is shown. */
type Point = { key: string; label: string; value: number }

const W = 600
const H = 160

/**
 * A daily series as bars, plain SVG (no chart library: the console's chunk stays small). The bars take the text
 * colour, so the light and dark themes need nothing more; the figure's label states the total and the peak for
 * screen readers, and each bar's title shows its day and value on hover.
 */
export function DailyBars({
  title,
  points,
  format = String,
  testId,
}: {
  title: string
  points: Point[]
  format?: (value: number) => string
  testId?: string
}) {
  const max = Math.max(0, ...points.map((p) => p.value))
  const total = points.reduce((sum, p) => sum + p.value, 0)
  const peak = points.find((p) => p.value === max)
  const slot = points.length ? W / points.length : W
  const gap = slot > 6 ? 1.5 : 0
  const summary = `${title}: total ${format(total)}${peak && max > 0 ? `; máximo ${format(max)} el ${peak.label}` : ''}`
  return (
    <Stack
      as="figure"
      gap="1"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="md"
      p="3"
      data-testid={testId}
    >
      <Text as="figcaption" fontSize="sm" fontWeight="semibold">
        {title}{' '}
        <Text as="span" fontWeight="normal" color="fg.muted">
          · total {format(total)}
        </Text>
      </Text>
      <Box color="cyan.fg">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          height="120"
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} stroke="currentColor" strokeOpacity="0.3" />
          {points.map((p, i) => {
            const h = max > 0 ? (p.value / max) * (H - 4) : 0
            return (
              <rect
                key={p.key}
                x={i * slot + gap / 2}
                y={H - h}
                width={Math.max(slot - gap, 0.5)}
                height={h}
                fill="currentColor"
              >
                <title>{`${p.label}: ${format(p.value)}`}</title>
              </rect>
            )
          })}
        </svg>
      </Box>
      {points.length > 0 && (
        <Text fontSize="xs" color="fg.muted" display="flex" justifyContent="space-between" aria-hidden>
          <span>{points[0]?.label}</span>
          <span>{points[points.length - 1]?.label}</span>
        </Text>
      )}
    </Stack>
  )
}

/** One bar per item, longest first: consultations per agent. */
export function RankBars({ title, items, testId }: { title: string; items: Point[]; testId?: string }) {
  const max = Math.max(1, ...items.map((i) => i.value))
  return (
    <Stack
      as="figure"
      gap="2"
      borderWidth="1px"
      borderColor="border.muted"
      rounded="md"
      p="3"
      data-testid={testId}
    >
      <Text as="figcaption" fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      {items.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Sin datos en el período.
        </Text>
      )}
      <Stack as="ul" gap="1.5" listStyleType="none">
        {items.map((item) => (
          <Box as="li" key={item.key} fontSize="sm">
            <Text display="flex" justifyContent="space-between" gap="2">
              <span>{item.label}</span>
              <span>{item.value}</span>
            </Text>
            <Box h="2" bg="bg.muted" rounded="full" aria-hidden>
              <Box h="full" w={`${(item.value / max) * 100}%`} bg="cyan.solid" rounded="full" />
            </Box>
          </Box>
        ))}
      </Stack>
    </Stack>
  )
}
