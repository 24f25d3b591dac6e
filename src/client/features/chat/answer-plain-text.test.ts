import { describe, expect, it } from 'vitest'
import { sourceItem } from '../../test/source-item'
import { answerPlainText, markdownToPlainText, sourceLine } from './answer-plain-text'

describe('markdownToPlainText', () => {
  it('drops the marks and keeps headings and paragraphs on their own lines', () => {
    const md = '## Plazo\n\nEl plazo es de **treinta días** _hábiles_ [1].\n\n> La demanda ~~no~~ procede.'
    expect(markdownToPlainText(md)).toBe(
      'Plazo\n\nEl plazo es de treinta días hábiles [1].\n\nLa demanda no procede.',
    )
  })

  it('puts each list item on its own line, nested ones under theirs', () => {
    const md =
      'Requisitos:\n\n- Ser mayor de edad\n- Tener DNI:\n  1. vigente\n  2. sin multas\n\n3. Firmar\n4. Pagar'
    expect(markdownToPlainText(md)).toBe(
      'Requisitos:\n\n• Ser mayor de edad\n• Tener DNI:\n   1. vigente\n   2. sin multas\n\n3. Firmar\n4. Pagar',
    )
  })

  it('keeps a web link’s address, drops images and HTML, and reads tables row by row', () => {
    const md =
      'Véase [el portal](https://www.gob.pe) y https://diariooficial.elperuano.pe. ![sello](x.png)<br>\n\n' +
      '| Plazo | Días |\n| --- | --- |\n| Apelación | 3 |\n\n---\n\n`art. 5`'
    expect(markdownToPlainText(md)).toBe(
      'Véase el portal (https://www.gob.pe) y https://diariooficial.elperuano.pe. sello\n\n' +
        'Plazo\tDías\nApelación\t3\n\nart. 5',
    )
  })

  it('keeps no raw Markdown marker of an ordinary answer', () => {
    const md = '**En resumen:** dura *cinco* años [1].\n\n### Lo que dice la norma\n\n> Artículo 112 [1].'
    expect(markdownToPlainText(md)).not.toMatch(/\*|#|>|_/)
  })
})

describe('answerPlainText', () => {
  const norm = sourceItem({ title: 'Constitución Política del Perú, Artículo 112', label: 'Artículo 112' })
  const preamble = sourceItem({ title: 'Ley 29497', label: 'Disposición complementaria' })
  const ruling = sourceItem({
    kind: 'sentencia',
    title: 'Casación 1785-2024/Lima',
    label: 'Fundamento tercero',
  })

  it('names a norm with its article once, and a ruling with its part', () => {
    expect(sourceLine(norm)).toBe('Constitución Política del Perú, Artículo 112')
    expect(sourceLine(preamble)).toBe('Ley 29497, Disposición complementaria')
    expect(sourceLine(ruling)).toBe('Casación 1785-2024/Lima, Fundamento tercero')
  })

  it('appends the sources numbered as the answer cites them: norms, then rulings', () => {
    const text = answerPlainText({
      content: 'Dura **cinco** años [1]; véase también [3].',
      context_leyes: [norm, preamble],
      context_sentencias: [ruling],
    })
    expect(text).toBe(
      'Dura cinco años [1]; véase también [3].\n\nFuentes:\n' +
        '[1] Constitución Política del Perú, Artículo 112\n' +
        '[2] Ley 29497, Disposición complementaria\n' +
        '[3] Casación 1785-2024/Lima, Fundamento tercero',
    )
  })

  it('adds no sources heading to an answer without sources', () => {
    expect(
      answerPlainText({ content: 'No encontré normas.', context_leyes: [], context_sentencias: [] }),
    ).toBe('No encontré normas.')
  })
})
