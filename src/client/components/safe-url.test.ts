import { describe, expect, it } from 'vitest'
import { safeUrl } from './safe-url'

describe('safeUrl (spec §5 link rule)', () => {
  it.each([
    'https://www.gob.pe/normas',
    'http://example.pe',
    'mailto:ayuda@lexia.pe',
    'tel:+5114000000',
    '/protected/pdf_viewer?file=x&page=2',
    'help.md',
    '#fuentes',
    '?q=1',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.pe',
  ])('drops %s', (url) => {
    expect(safeUrl(url)).toBe('')
  })

  it('treats a missing url as empty', () => {
    expect(safeUrl(undefined)).toBe('')
    expect(safeUrl(null)).toBe('')
  })
})
