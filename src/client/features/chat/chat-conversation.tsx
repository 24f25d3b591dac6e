import { type ReactNode, useEffect, useRef } from 'react'
import { useSpeech } from '../speech'
import { preloadMarkdown } from './answer-bubble'
import { ChatInput } from './chat-input'
import type { ChatEntry } from './chat-types'
import { ConversationFrame } from './conversation-frame'
import { MessageList, messageElementId } from './message-list'
import { useChat } from './use-chat'

/** How far above the end of the conversation the reader still counts as at its end. */
const END_SLACK_PX = 64

type Props = {
  sessionId: string
  agentId: string | null
  country: string | null
  /** A message to bring into view once it is loaded (a history search hit). */
  focusMessage: string | null
  onFocused: () => void
  onOpenSources: (entry: ChatEntry) => void
  /** The session's conversation changed: the workspace keeps it for the sidebar and its search. */
  onConversation: (sessionId: string, entries: ChatEntry[]) => void
  onSent: () => void
  /** Remaining credits are 0 or below: the question box says why it does not send, and offers the plans. */
  outOfCredits: boolean
  onBuyCredits: () => void
  intro: boolean
  header?: ReactNode
}

/** One chat session: its messages, the answer in progress and the question box. */
export function ChatConversation({
  sessionId,
  agentId,
  country,
  focusMessage,
  onFocused,
  onOpenSources,
  onConversation,
  onSent,
  outOfCredits,
  onBuyCredits,
  intro,
  header,
}: Props) {
  const chat = useChat(sessionId)
  const bottom = useRef<HTMLDivElement>(null)

  // Spec §4: reading aloud stops when another chat session appears and when the chat is left.
  useEffect(() => {
    void sessionId
    useSpeech.getState().stop()
    return () => useSpeech.getState().stop()
  }, [sessionId])

  // The end of the conversation is followed only while the reader is there: someone who scrolled up to read an
  // answer as it streams keeps their place, then and when the final answer replaces the partial one. Sending a
  // question or opening a session goes back to the end.
  const atEnd = useRef(true)
  useEffect(() => {
    void sessionId
    atEnd.current = true
  }, [sessionId])
  useEffect(() => {
    const onScroll = () => {
      const end = bottom.current?.getBoundingClientRect().bottom
      if (end !== undefined) atEnd.current = end <= window.innerHeight + END_SLACK_PX
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const { entries, loaded } = chat
  useEffect(() => {
    if (loaded) onConversation(sessionId, entries)
  }, [sessionId, entries, loaded, onConversation])

  // A search hit is scrolled to and marked once its session's history is on screen; otherwise follow the end.
  const partial = chat.pending?.partial
  const heldAt = useRef<ChatEntry[] | null>(null)
  useEffect(() => {
    if (!focusMessage || !loaded) return
    const target = document.getElementById(messageElementId(focusMessage))
    if (!target) return
    target.scrollIntoView?.({ block: 'center' })
    target.dataset.found = 'true'
    setTimeout(() => delete target.dataset.found, 2500)
    heldAt.current = entries
    onFocused()
  }, [focusMessage, loaded, entries, onFocused])
  useEffect(() => {
    // Stay on the found message until the conversation moves on.
    if (heldAt.current === entries && !partial) return
    heldAt.current = null
    if (atEnd.current && (entries.length || partial)) bottom.current?.scrollIntoView?.({ block: 'end' })
  }, [entries, partial])
  // The conversation also grows after that scroll (the Markdown renderer arriving, an answer's action row, a
  // picture): the end is followed again while the reader is there.
  const conversation = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const box = conversation.current
    if (!box || typeof ResizeObserver === 'undefined') return
    const follow = new ResizeObserver(() => {
      if (atEnd.current && !heldAt.current) bottom.current?.scrollIntoView?.({ block: 'end' })
    })
    follow.observe(box)
    return () => follow.disconnect()
  }, [])

  const canSend = !!agentId && !!country && !chat.pending
  return (
    <ConversationFrame
      onComposerFocus={preloadMarkdown}
      composer={
        <ChatInput
          disabled={!canSend}
          outOfCredits={outOfCredits}
          onBuyCredits={onBuyCredits}
          onSend={(text) => {
            if (!agentId || !country) return
            atEnd.current = true
            onSent()
            void chat.send(text, agentId, country)
          }}
        />
      }
      // The end of the page, past the question box: scrolled to, the box stands in its own place below the last
      // answer instead of sticking over its action row.
      end={<div ref={bottom} />}
    >
      {header}
      <div ref={conversation}>
        <MessageList
          sessionId={chat.sessionId}
          entries={entries}
          pending={chat.pending}
          onOpenSources={onOpenSources}
          intro={intro}
        />
      </div>
    </ConversationFrame>
  )
}
