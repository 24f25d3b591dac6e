import type { SourceItem } from '../../shared/search-schemas'

/** A source as the API sends it, empty but for what a test gives. */
export const sourceItem = (over: Partial<SourceItem> = {}): SourceItem => ({
  title: '',
  tipo_alias: '',
  jerarquia_alias: '',
  content: '',
  file_name: '',
  path: '',
  url: '',
  page_number: 1,
  context_page: '',
  identifier: '',
  kind: 'norma',
  label: '',
  heading: null,
  number: null,
  status: null,
  last_updated: null,
  notes: [],
  snippet: '',
  ...over,
})
