import { Box, HStack, Text } from '@chakra-ui/react'
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react'
import { stripMarkdown } from '../speech'

// react-markdown and GFM are a third of the chat's JS: they load with the first question, not with the page.
const loadMarkdown = () => import('../../components/markdown')
const Markdown = lazy(loadMarkdown)

/** Fetches the renderer ahead (the question box got focus), so the first partial answer need not wait for it. */
export function preloadMarkdown() {
  void loadMarkdown()
}

const WAITING_TEXT = 'Esperando respuesta...'

type Props = {
  /** The answer in Markdown: the final one, or the partial one while `streaming`. */
  content: string
  streaming?: boolean
  /** Under the text: the sources button and actions, or the timer and bar while streaming. */
  footer: ReactNode
} & Omit<ComponentProps<typeof Box>, 'content'>

/**
 * An agent's answer, final or still arriving. Both are drawn by this one component — same box, same Markdown
 * renderer, a footer row of the same height — so when the final answer replaces the partial one nothing moves.
 */
export function AnswerBubble({ content, streaming = false, footer, ...rest }: Props) {
  const waiting = streaming && !content.trim()
  // While the renderer loads: a partial answer waits; a final one (a history just opened) shows as plain text.
  // Neither shows its raw markers.
  const fallback = streaming ? (
    <Text fontSize="sm" my="2">
      {WAITING_TEXT}
    </Text>
  ) : (
    <Text fontSize="sm" whiteSpace="pre-wrap" my="2">
      {stripMarkdown(content)}
    </Text>
  )
  return (
    <Box borderWidth="1px" px="4" py="2" rounded="2xl" maxW="100%" w="full" {...rest}>
      <Box data-testid={streaming ? 'loading-text' : undefined}>
        <Suspense fallback={fallback}>
          {waiting && (
            <Text fontSize="sm" my="2">
              {WAITING_TEXT}
            </Text>
          )}
          {/* Rendered even while waiting, so the renderer loads as soon as the question is sent. */}
          <Markdown streaming={streaming}>{content}</Markdown>
        </Suspense>
      </Box>
      <HStack mt="2" gap="2" minH="8" flexWrap="wrap" justify="space-between">
        {footer}
      </HStack>
    </Box>
  )
}
