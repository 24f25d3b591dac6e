// The realtime feature as other features see it: hooks on the server's event stream.
export { useStreamEvent, useStreamReopened } from './use-stream-event'
