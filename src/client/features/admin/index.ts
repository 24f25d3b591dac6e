// The operator console as the pages see it: the gate that asks the server for the admin role, and the console.
// Only pages/admin.tsx, itself loaded lazily, imports it: none of it reaches the landing or chat chunks.
export { AdminConsole } from './admin-console'
export { AdminGate } from './admin-gate'
