import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { describe, expect, it } from 'vitest'
import { repairPartialMarkdown } from './partial-markdown'

/** An answer shaped like the research agent's (lead, headings, quotes, lists, citations, the legal note). */
const ANSWER = [
  '**En resumen:** el mandato presidencial dura cinco años [1].',
  '',
  '### Lo que dice la norma',
  '',
  '> **Constitución Política del Perú, Artículo 112** [1]',
  '> El mandato presidencial es de cinco años, no hay reelección inmediata.',
  '',
  '### Otras disposiciones relacionadas',
  '',
  '1. *Código Civil, Artículo 1* — la persona humana es sujeto de derecho [2].',
  '2. Véase [la ley](https://www.gob.pe) y la `Ley 30305` [3, 4].',
  '',
  '| Norma | Plazo |',
  '| --- | --- |',
  '| Constitución | 5 años |',
  '',
  '---',
  '',
  '_Esto no es asesoría legal._',
].join('\n')

describe('repairPartialMarkdown', () => {
  it('closes bold, italic, code and strikethrough cut open', () => {
    expect(repairPartialMarkdown('**En resumen:')).toBe('**En resumen:**')
    expect(repairPartialMarkdown('**En resumen:** el plazo es de **treinta')).toBe(
      '**En resumen:** el plazo es de **treinta**',
    )
    expect(repairPartialMarkdown('texto *cursiva')).toBe('texto *cursiva*')
    expect(repairPartialMarkdown('la `Ley 303')).toBe('la `Ley 303`')
    expect(repairPartialMarkdown('a ~~tach')).toBe('a ~~tach~~')
  })

  it('hides emphasis markers with nothing after them yet', () => {
    expect(repairPartialMarkdown('El plazo es **')).toBe('El plazo es')
    expect(repairPartialMarkdown('**')).toBe('')
    expect(repairPartialMarkdown('y la `')).toBe('y la')
    expect(repairPartialMarkdown('párrafo\n\n*')).toBe('párrafo')
  })

  it('hides a citation cut open, keeps a whole one', () => {
    expect(repairPartialMarkdown('dura cinco años [1')).toBe('dura cinco años')
    expect(repairPartialMarkdown('dura cinco años [')).toBe('dura cinco años')
    expect(repairPartialMarkdown('dos fuentes [1, 2')).toBe('dos fuentes')
    expect(repairPartialMarkdown('dura cinco años [1]')).toBe('dura cinco años [1]')
    expect(repairPartialMarkdown('**Artículo 112** [1')).toBe('**Artículo 112**')
  })

  it('hides a line of markers only: a heading, a quote, a list item or a rule on its way', () => {
    expect(repairPartialMarkdown('texto\n\n###')).toBe('texto')
    expect(repairPartialMarkdown('texto\n\n> ')).toBe('texto')
    expect(repairPartialMarkdown('lista:\n\n- uno\n- ')).toBe('lista:\n\n- uno')
    expect(repairPartialMarkdown('lista:\n\n1. uno\n2.')).toBe('lista:\n\n1. uno')
    // '--' under a paragraph would turn it into a heading for a moment
    expect(repairPartialMarkdown('texto\n--')).toBe('texto')
    expect(repairPartialMarkdown('texto\n\n---')).toBe('texto')
  })

  it('shows a half link as its label, and hides a half image', () => {
    expect(repairPartialMarkdown('Véase [la ley](https://www.go')).toBe('Véase la ley')
    expect(repairPartialMarkdown('Véase [la ley')).toBe('Véase la ley')
    expect(repairPartialMarkdown('Véase ![escudo](https://x')).toBe('Véase')
    expect(repairPartialMarkdown('Véase ![esc')).toBe('Véase')
  })

  it('hides a table until its delimiter row is whole', () => {
    expect(repairPartialMarkdown('Plazos:\n\n| Norma | Plazo |')).toBe('Plazos:')
    expect(repairPartialMarkdown('Plazos:\n\n| Norma | Plazo |\n| --- |')).toBe('Plazos:')
    expect(repairPartialMarkdown('Plazos:\n\n| Norma | Plazo |\n| --- | :-')).toBe(
      'Plazos:\n\n| Norma | Plazo |\n| --- | :-',
    )
    expect(repairPartialMarkdown('Plazos:\n\n| Norma | Plazo |\n| --- | --- |\n| Const')).toBe(
      'Plazos:\n\n| Norma | Plazo |\n| --- | --- |\n| Const',
    )
  })

  it('leaves a whole answer as it is', () => {
    expect(repairPartialMarkdown(ANSWER)).toBe(ANSWER)
  })

  it('never leaves an odd number of ** in any prefix of an answer, nor an open citation', () => {
    for (let end = 1; end <= ANSWER.length; end++) {
      const shown = repairPartialMarkdown(ANSWER.slice(0, end))
      const prose = shown.replace(/`[^`]*`/g, '')
      expect((prose.match(/\*\*/g) ?? []).length % 2, JSON.stringify(shown)).toBe(0)
      expect(shown, JSON.stringify(shown)).not.toMatch(/\[[\d\s,]*$/)
      expect(shown, JSON.stringify(shown)).not.toMatch(/(^|\n)[ \t]*(#{1,6}|>|[-*+]|\d+\.)[ \t]*$/)
    }
  })

  it('renders every prefix of an answer cut at or next to a marker with no raw marker on screen', () => {
    // Rendering is slow enough that only the cuts that matter are tried: at a marker or one character after it.
    const marker = (c: string | undefined) => c !== undefined && '*_`#>[]()!|-~.\n'.includes(c)
    for (let end = 1; end <= ANSWER.length; end++) {
      if (!marker(ANSWER[end - 1]) && !marker(ANSWER[end - 2]) && !marker(ANSWER[end])) continue
      const shown = repairPartialMarkdown(ANSWER.slice(0, end))
      const html = renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, shown))
      // What a person reads: the text between tags (the code span is quoted text, not a marker).
      const text = html
        .replace(/<code>[^<]*<\/code>/g, '')
        .replace(/<[^>]+>/g, '\n')
        .replace(/&gt;/g, '>')
      const at = JSON.stringify(ANSWER.slice(0, end))
      expect(text, at).not.toMatch(/\*|`|#|\[\d*(,\s*\d*)*$|\]\(|!\[|\|/m)
      expect(text, at).not.toMatch(/^\s*(>|-|\d+\.)\s*$/m)
    }
  })
})
