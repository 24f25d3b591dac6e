// The chat-sessions feature as other features see it: the sidebar's id and the icon of the button that toggles it.
export { SIDEBAR_ID, SidebarToggleIcon } from './chat-sidebar'
