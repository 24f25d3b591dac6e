import { describe, expect, it } from 'vitest'
import type { SearchHit } from '../corpus/search/search'
import {
  blockquote,
  excerpt,
  keySentence,
  leadFromNorms,
  listedNorm,
  ofTitle,
  passageReference,
  quotedNorm,
  rulingItem,
  sentences,
  spanishDate,
  splitDecisive,
} from './extractive'
import type { Ideas } from './relevance'

function hit(overrides: Partial<SearchHit>): SearchHit {
  return {
    passageId: 1,
    documentId: 1,
    identifier: 'CON-1993',
    kind: 'norma',
    title: 'Constitución Política del Perú',
    tipoAlias: 'Constitución',
    jerarquiaAlias: 'Norma constitucional',
    status: 'in_force',
    lastUpdated: null,
    passageKind: 'articulo',
    number: '112',
    label: 'Artículo 112',
    heading: 'Duración del mandato presidencial',
    path: '',
    content:
      'El mandato presidencial es de cinco años, no hay reelección inmediata. Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular.',
    notes: [],
    pageNumber: 40,
    fileName: 'CON-1993.md',
    score: 100,
    match: 'text',
    snippet: '',
    ...overrides,
  }
}

/** Ideas as the research agent builds them, written by hand: each idea held by its forms. */
const ideas = (...forms: string[][]): Ideas => ({
  units: forms.map((f) => ({ user: f, added: [], phrase: [] })),
  forms,
  weights: forms.map(() => 1),
})

describe('extractive answer pieces', () => {
  it('names a passage with the right article: la Constitución, el Código, la disposición', () => {
    expect(ofTitle('Constitución Política del Perú')).toBe('de la Constitución Política del Perú')
    expect(ofTitle('Código Penal Peruano')).toBe('del Código Penal Peruano')
    expect(ofTitle('Ley de Protección de Datos Personales')).toBe(
      'de la Ley de Protección de Datos Personales',
    )
    expect(ofTitle('TUO del Código Tributario')).toBe('del TUO del Código Tributario')
    expect(passageReference(hit({}))).toBe('el artículo 112 de la Constitución Política del Perú')
    expect(
      passageReference(hit({ label: 'Quinta Disposición Final y Transitoria', passageKind: 'disposicion' })),
    ).toBe('la quinta disposición final y transitoria de la Constitución Política del Perú')
    expect(passageReference(hit({ label: 'Artículo IV', title: 'Código Penal Peruano' }))).toBe(
      'el artículo IV del Código Penal Peruano',
    )
  })

  it('splits sentences, but not after an abbreviation or a list number', () => {
    expect(
      sentences('Toda persona tiene derecho: 1. A la vida y a su identidad. Véase el art. 5 de la ley.'),
    ).toEqual(['Toda persona tiene derecho: 1. A la vida y a su identidad.', 'Véase el art. 5 de la ley.'])
    expect(sentences('Primer párrafo largo de la norma citada.\n\nSegundo párrafo.')).toEqual([
      'Primer párrafo largo de la norma citada.',
      'Segundo párrafo.',
    ])
  })

  it('leads with the sentence that answers, read with the heading, marking a cut', () => {
    const art = hit({})
    expect(keySentence(art.content)).toBe(
      'El mandato presidencial es de cinco años, no hay reelección inmediata.',
    )
    expect(keySentence(art.content, ideas(['postular']))).toBe(
      '[…] Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular.',
    )
    // 'duracion' is only in the heading: the first sentence, about the mandate, still wins.
    expect(keySentence(art.content, ideas(['duracion'], ['mandato']), 280, art.heading!)).toBe(
      'El mandato presidencial es de cinco años, no hay reelección inmediata.',
    )
    const list =
      'Toda persona tiene derecho:\n\n1. A la vida.\n\n2. A la igualdad ante la ley.\n\n4. A la libertad de expresión.'
    expect(keySentence(list)).toBe('Toda persona tiene derecho: 1. A la vida.')
    expect(keySentence(list, ideas(['expresion']))).toBe(
      'Toda persona tiene derecho: […] 4. A la libertad de expresión.',
    )
    expect(keySentence('palabra '.repeat(100), undefined, 50).length).toBeLessThanOrEqual(51)
  })

  it('quotes whole paragraphs up to a limit, marking what was left out', () => {
    expect(excerpt('Uno.\n\nDos.')).toEqual(['Uno.', 'Dos.'])
    expect(excerpt(`${'a'.repeat(50)}\n\n${'b'.repeat(80)}`, 100)).toEqual(['a'.repeat(50), '[…]'])
    expect(excerpt(`${'palabra '.repeat(40)}`, 50)[0]!.endsWith('…')).toBe(true)
    expect(blockquote(['# uno', 'dos'])).toBe('> \\# uno\n>\n> dos')
  })

  it('quotes at most three decisive articles, as a prefix of the order, and lists the rest', () => {
    const norms = [
      hit({ passageId: 1, score: 100 }),
      hit({ passageId: 2, score: 60 }),
      hit({ passageId: 3, score: 20 }),
      hit({ passageId: 4, score: 50 }),
    ]
    const { quoted, listed } = splitDecisive(norms)
    expect(quoted.map((h) => h.passageId)).toEqual([1, 2])
    expect(listed.map((h) => h.passageId)).toEqual([3, 4])
    const reference = [hit({ passageId: 9, score: 1000, match: 'reference' }), hit({ passageId: 1 })]
    expect(splitDecisive(reference).quoted).toHaveLength(2)
  })

  it('writes the lead, the quotes and the lists with numbered citations', () => {
    const a = hit({})
    const b = hit({
      label: 'Artículo 113',
      number: '113',
      heading: 'Vacancia',
      content: 'La Presidencia vaca por muerte.',
    })
    expect(leadFromNorms([a, b])).toBe(
      '**En resumen:** El artículo 112 de la Constitución Política del Perú («Duración del mandato presidencial») dispone: «El mandato presidencial es de cinco años, no hay reelección inmediata.» [1]. También es pertinente el artículo 113 de la Constitución Política del Perú [2].',
    )
    expect(quotedNorm(a, 1)).toBe(
      '**Constitución Política del Perú, Artículo 112. Duración del mandato presidencial** [1]\n\n> El mandato presidencial es de cinco años, no hay reelección inmediata. Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular.',
    )
    expect(listedNorm(b, 3)).toBe(
      '- **Constitución Política del Perú, Artículo 113** (Vacancia): «La Presidencia vaca por muerte.» [3]',
    )
  })

  it('describes a ruling by case, chamber, date and sumilla', () => {
    const ruling = {
      hit: hit({ kind: 'sentencia', title: 'Casación 123-2024/Lima', label: 'Sumilla', content: 'Texto.' }),
      chamber: 'Sala Penal Permanente',
      date: '2026-07-08',
      summary: 'La prisión preventiva exige peligro procesal.',
    }
    expect(rulingItem(ruling, 4)).toBe(
      '- **Casación 123-2024/Lima** (Sala Penal Permanente, 8 de julio de 2026) [4], sumilla: «La prisión preventiva exige peligro procesal.»',
    )
    expect(spanishDate('2026-01-31')).toBe('31 de enero de 2026')
    expect(spanishDate('julio 2026')).toBe('julio 2026')
  })
})
