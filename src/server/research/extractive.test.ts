import { describe, expect, it } from 'vitest'
import type { SearchHit } from '../corpus/search/search'
import { answerKindOf } from './answer-kind'
import {
  answeringSentences,
  blockquote,
  directAnswer,
  excerpt,
  keySentence,
  leaderFirst,
  listedNorm,
  ofTitle,
  passageReference,
  rulingItem,
  sentences,
  sourceName,
  spanishDate,
  splitDecisive,
  trimmedNorm,
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
    repealedBy: [],
    amendedBy: [],
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

  it('says a norm a later one repealed is repealed wherever the answer names it', () => {
    const old = hit({ label: 'Artículo 15', title: 'Ley de los Trabajadores del Hogar', status: 'repealed' })
    expect(passageReference(old)).toBe(
      'el artículo 15 de la Ley de los Trabajadores del Hogar (norma derogada)',
    )
    expect(sourceName(old)).toBe('Ley de los Trabajadores del Hogar (norma derogada), Artículo 15')
    expect(sourceName({ ...old, status: 'partially_repealed' })).toBe(
      'Ley de los Trabajadores del Hogar, Artículo 15',
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

  it('opens with the sentence that states the term asked for, as prose naming the article', () => {
    const rule = hit({
      title: 'Reglamento de la Junta Vecinal',
      label: 'Artículo 5',
      heading: null,
      content:
        'La junta vecinal impone multas por ruidos molestos. El vecino sancionado puede impugnar la multa dentro de los quince días hábiles siguientes a su notificación.\n\nLa impugnación se resuelve en asamblea.',
    })
    const kind = answerKindOf('¿cuántos días tengo para impugnar la multa de la junta?')
    expect(kind).toBe('plazo')
    // The first sentence holds as much of the question, but states no term.
    expect(directAnswer(rule, 1, ideas(['impugnar'], ['multa'], ['junta']), kind)).toBe(
      'Según el artículo 5 del Reglamento de la Junta Vecinal, el vecino sancionado puede impugnar la multa dentro de los quince días hábiles siguientes a su notificación [1].',
    )
    // Without the kind, the first of the sentences holding most of the question leads.
    expect(directAnswer(rule, 1, ideas(['impugnar'], ['multa'], ['junta']), null)).toBe(
      'Según el artículo 5 del Reglamento de la Junta Vecinal, la junta vecinal impone multas por ruidos molestos [1].',
    )
  })

  it('states the penalty with its list opening, and the items that match, quoting what is not prose', () => {
    const arson = hit({
      title: 'Código Penal Peruano',
      label: 'Artículo 273-A',
      heading: 'Incendio agravado',
      content:
        'La pena será no menor de seis ni mayor de doce años si el incendio:\n\n1. Pone en peligro la vida de las personas.\n\n2. Se comete en un bosque protegido.\n\n3. Se comete de noche.\n\nEl juez fija además la reparación civil.',
    })
    const kind = answerKindOf('qué pena tiene el incendio agravado en un bosque')
    expect(kind).toBe('pena')
    expect(directAnswer(arson, 2, ideas(['incendio'], ['agravado'], ['bosque']), kind)).toBe(
      'El artículo 273-A del Código Penal Peruano («Incendio agravado») dispone: «La pena será no menor de seis ni mayor de doce años si el incendio: […] 2. Se comete en un bosque protegido. […]» [2]',
    )
    // None of the cases named: the penalty as prose, the cases left to the article.
    const cases = hit({
      ...arson,
      content: arson.content.replace('si el incendio:', 'si el incendio se comete:'),
    })
    expect(directAnswer(cases, 1, ideas(['incendio'], ['agravado']), kind)).toBe(
      'Según el artículo 273-A del Código Penal Peruano («Incendio agravado»), la pena será no menor de seis ni mayor de doce años si el incendio se comete en alguno de los casos que el artículo enumera [1].',
    )
  })

  it('answers a yes or no with the sentence that allows it and the one that states its condition', () => {
    const coop = hit({
      title: 'Ley General de Cooperativas',
      label: 'Artículo 12',
      heading: null,
      content:
        'Los socios pueden retirarse de la cooperativa en cualquier momento. La devolución de los aportes procede siempre que la cooperativa no esté en liquidación.\n\nEl consejo lleva el registro de socios.',
    })
    const kind = answerKindOf('¿Puedo retirarme de la cooperativa cuando quiera?')
    expect(kind).toBe('si_no')
    expect(directAnswer(coop, 1, ideas(['retirarme', 'retir'], ['cooperativa']), kind)).toBe(
      'Según el artículo 12 de la Ley General de Cooperativas, los socios pueden retirarse de la cooperativa en cualquier momento. La devolución de los aportes procede siempre que la cooperativa no esté en liquidación [1].',
    )
  })

  it('answers from the text an amendment gives, not from the sentence that says where it goes', () => {
    const amending = hit({
      identifier: 'LEY-90501-2030',
      title: 'Ley que modifica la Ley de Cooperativas',
      label: 'Artículo 1',
      heading: null,
      content:
        'Se modifica el artículo 12 de la Ley 90500, Ley General de Cooperativas, en los siguientes términos:\n\n“Artículo 12.- Los socios de la cooperativa pueden retirarse con un preaviso de treinta días.”',
    })
    const lead = directAnswer(amending, 1, ideas(['cooperativa'], ['socios']), null)
    expect(lead).toContain('preaviso de treinta días')
    expect(lead).not.toContain('en los siguientes términos')
  })

  it('reads a sentence that points back with the one it points to, and drops that context to fit', () => {
    const text =
      'El consejo se reúne cada mes. El mandato de la junta directiva dura dos años. Dicho mandato puede renovarse por un periodo igual, por acuerdo de la asamblea.'
    const renew = ideas(['renovarse', 'renov'])
    expect(answeringSentences(text, renew, null).parts).toEqual([
      'El mandato de la junta directiva dura dos años.',
      'Dicho mandato puede renovarse por un periodo igual, por acuerdo de la asamblea.',
    ])
    expect(answeringSentences(text, renew, null, '', 100).parts).toEqual([
      'Dicho mandato puede renovarse por un periodo igual, por acuerdo de la asamblea.',
    ])
    // Quoted from the middle of a list, the quote says so.
    expect(
      answeringSentences('Son requisitos:\n\n1. Ser socio.\n\n2. Tener 18 años de edad.', undefined, 'edad')
        .parts,
    ).toEqual(['Son requisitos:', '[…]', '2. Tener 18 años de edad.'])
  })

  it('leads with the question’s own case, not a neighbour that shares part of its heading', () => {
    const damage = hit({ passageId: 1, label: 'Artículo 206', heading: 'Daño agravado', score: 100 })
    const arson = hit({ passageId: 2, label: 'Artículo 273-A', heading: 'Incendio agravado', score: 70 })
    const other = hit({ passageId: 3, label: 'Artículo 273', heading: 'Incendio', score: 60 })
    const question = ideas(['incendio'], ['agravado'])
    expect(leaderFirst([damage, arson, other], question, 'pena').map((h) => h.passageId)).toEqual([2, 1, 3])
    // Too far below the best, or when the best one's heading names nothing of the question, the ranking stands.
    expect(leaderFirst([damage, { ...arson, score: 45 }], question, null).map((h) => h.passageId)).toEqual([
      1, 2,
    ])
    const plain = hit({ passageId: 4, heading: 'Disposiciones generales', score: 100 })
    expect(leaderFirst([plain, arson], question, null).map((h) => h.passageId)).toEqual([4, 2])
  })

  it('leads, for a number, with the article that states it squarely', () => {
    const record = hit({
      passageId: 1,
      heading: null,
      score: 100,
      content: 'Para el récord se computan las faltas justificadas. Las licencias no superan diez días.',
    })
    const rest = hit({
      passageId: 2,
      heading: null,
      score: 90,
      content: 'El trabajador tiene derecho a treinta días de descanso por cada año completo de servicios.',
    })
    const question = ideas(['dias'], ['descanso'], ['ano'])
    expect(leaderFirst([record, rest], question, 'plazo').map((h) => h.passageId)).toEqual([2, 1])
    expect(leaderFirst([record, rest], question, null).map((h) => h.passageId)).toEqual([1, 2])
  })

  it('hears a conjugated verb in the noun of its stem, so the best article keeps the lead', () => {
    const best = hit({
      passageId: 1,
      heading: null,
      score: 100,
      content:
        'La compensación por la renuncia del socio equivale a dos remuneraciones por cada año de aportes.',
    })
    const neighbour = hit({
      passageId: 2,
      heading: null,
      score: 60,
      content:
        'Si la asociación resolviera el contrato del asociado, le abonará una compensación de dos remuneraciones mensuales.',
    })
    // 'renunciaron' and 'renuncia' share the stem renunci-: by endings alone ('renunciar…') the best article does not
    // hold the verb, and its neighbour, holding the member and the payment, would lead on the number it states.
    const question: Ideas = {
      ...ideas(['renunciaron'], ['asociado'], ['compensacion']),
      weights: [4, 2, 2],
    }
    expect(leaderFirst([best, neighbour], question, 'monto').map((h) => h.passageId)).toEqual([2, 1])
    const stemOf = new Map([
      ['renunciaron', 'renunci'],
      ['asociado', 'asoci'],
      ['compensacion', 'compens'],
    ])
    expect(leaderFirst([best, neighbour], { ...question, stemOf }, 'monto').map((h) => h.passageId)).toEqual([
      1, 2,
    ])
  })

  it('trims an article to the sentences on the question, marking what it leaves out', () => {
    const a = hit({})
    expect(trimmedNorm(a, 1, ideas(['postular']))).toBe(
      '**Constitución Política del Perú, Artículo 112. Duración del mandato presidencial** [1]\n\n> […]\n>\n> Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular.',
    )
    expect(trimmedNorm(a, 1, ideas(['mandato']))).toBe(
      '**Constitución Política del Perú, Artículo 112. Duración del mandato presidencial** [1]\n\n> El mandato presidencial es de cinco años, no hay reelección inmediata.\n>\n> […]',
    )
    const b = hit({
      label: 'Artículo 113',
      number: '113',
      heading: 'Vacancia',
      content: 'La Presidencia vaca por muerte.',
    })
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
