// The speech feature as other features see it: reading an answer aloud, and the text it reads.
export { useSpeech } from './speech-store'
export { stripMarkdown } from './speech-text'
