// The preferences feature as other features see it: saving the user's choices.
export { writePreferences } from './user-preferences'
