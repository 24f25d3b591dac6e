// The chat-sessions feature as other features see it: the sidebar's id and the icon of the button that toggles it.
export { SidebarToggleIcon } from './chat-sidebar'
export { SIDEBAR_ID } from './sidebar-panel'
