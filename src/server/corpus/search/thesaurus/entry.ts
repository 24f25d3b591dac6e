/**
 * One entry of the thesaurus: [keys people type, the law's words]. Keys are words or phrases in Peruvian everyday
 * Spanish (accents optional); '*' ends a prefix key; '!' marks slang whose own word must not be searched ('chamba',
 * 'plata'). Every entry must be a general equivalence that helps any question on its topic, never one question's
 * answer.
 */
export type ThesaurusEntry = [keys: string[], expansion: string]
