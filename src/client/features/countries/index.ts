// The countries feature as other features see it: the picker, the flag and the choice they show.
export { CountryFlag } from './country-flag'
export { CountryPicker } from './country-picker'
export type { CountryChoice } from './use-country-choice'
