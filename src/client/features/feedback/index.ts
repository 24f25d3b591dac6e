// The feedback feature as other features see it: the hook behind an answer's thumbs.
export { useFeedback } from './use-feedback'
