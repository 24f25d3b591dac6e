// The agents feature as other features see it: the picker, its states and the agent in effect.
export { AGENT_NOTICES, AgentPicker } from './agent-picker'
export { chosenAgent, type PickerState, pickerState } from './picker-state'
