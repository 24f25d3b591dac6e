import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { NormParseError, parseNorm } from './norm'

// Fixtures are real excerpts of legalize-pe files (trimmed), so the parser is tested on what the corpus holds.
const NB = '\u00a0'
const SPIJ_INDENT = `${NB} ${NB} ${NB}`

function frontMatter(identifier: string, source: string, title = 'Norma de prueba'): string {
  return [
    '---',
    `title: ${title}`,
    `identifier: ${identifier}`,
    'country: pe',
    'rank: ley',
    "publication_date: '1993-12-30'",
    "last_updated: '2024-12-11'",
    'status: in_force',
    `source: '${source}'`,
    'official_journal: El Peruano',
    '---',
    '',
  ].join('\n')
}

const LP = 'https://lpderecho.pe/constitucion-politica-peru-actualizada/'
const SPIJ = 'https://spij.minjus.gob.pe/spij-ext-web/#/detallenorma/H722615'
const EL_PERUANO = 'https://epdoc2.elperuano.pe/EpPo/DescargaIN.asp?Referencias=MjE4MTkzOV80MjAyMzA1Mjg='

// CON-1993.md (lpderecho.pe): structure names on the next line, bracketed headings, '*' notes, web debris.
const CONSTITUTION = `${frontMatter('CON-1993', LP, 'Constitución Política del Perú')}
# Constitución Política del Perú

PREÁMBULO

El Congreso Constituyente Democrático, invocando a Dios Todopoderoso, obedeciendo el mandato del pueblo peruano y recordando el sacrificio de todas las generaciones que nos han precedido en nuestra Patria, ha resuelto dar la siguiente Constitución:

TÍTULO I
DE LA PERSONA Y DE LA SOCIEDAD
CAPÍTULO I
DERECHOS FUNDAMENTALES DE LA PERSONA
Artículo 1. [Defensa de la persona humana]

La defensa de la persona humana y el respeto de su dignidad son el fin supremo de la sociedad y del Estado.


Artículo 3. [Cláusula de derechos no enumerados]

La enumeración de los derechos establecidos en este capítulo no excluye los demás que la Constitución garantiza, ni otros de naturaleza análoga o que se fundan en la dignidad del hombre, o en los principios de soberanía del pueblo, del Estado democrático de derecho y de la forma republicana de gobierno.


Inscríbete aquí Más información

CAPÍTULO II
DE LOS DERECHOS SOCIALES Y ECONÓMICOS
Artículo 7. [Derecho a la salud. Protección de la persona con discapacidad]*

Todos tienen derecho a la protección de su salud, la del medio familiar y la de la comunidad, así como el deber de contribuir a su promoción y defensa.

* Artículo modificado por el artículo único de la Ley 32188, publicada el 11 de diciembre de 2024.


Artículo 7-A. [Derecho al agua potable]*

El Estado reconoce el derecho de toda persona a acceder de forma progresiva y universal al agua potable.

* Artículo incorporado por el artículo único de la Ley 30588, publicada el 22 de junio de 2017.

TÍTULO IV
DE LA ESTRUCTURA DEL ESTADO
CAPÍTULO IV
PODER EJECUTIVO
Artículo 112. [Duración del mandato presidencial]*

El mandato presidencial es de cinco años, no hay reelección inmediata. Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular, sujeto a las mismas condiciones.

* Artículo modificado por los siguientes dispositivos:

Artículo 1 de la Ley 27365, publicada el 5 de noviembre de 2000.
Artículo único de la Ley 31280, publicada el 16 de julio de 2021, la cual fue declarada inconstitucional.

Ver jurisprudencia aquí.

DISPOSICIONES FINALES Y TRANSITORIAS
Primera. [Regímenes pensionarios de los servidores públicos]*

Declárase cerrado definitivamente el régimen pensionario del Decreto Ley N° 20530.

* Disposición modificada por el artículo 3 de la Ley 28389, publicada el 17 de noviembre de 2004.

Segunda. [Pago y reajuste de pensiones que administra el Estado]

El Estado garantiza el pago oportuno y el reajuste periódico de las
pensiones que administra, con arreglo a las previsiones presupuestarias que éste
destine para tales efectos, y a las posibilidades de la economía nacional.
`

// DLEG-295-1984.md (Código Civil, lpderecho.pe): Título Preliminar in Roman numerals, 'LIBRO I: …' headings.
const CIVIL_CODE = `${frontMatter('DLEG-295-1984', 'https://lpderecho.pe/codigo-civil-peruano-realmente-actualizado/', 'Código Civil')}
# Código Civil

TÍTULO PRELIMINAR
Artículo I.- Abrogación de la ley

La ley se deroga sólo por otra ley.

Ver jurisprudencia aquí.

Artículo II.- Ejercicio abusivo del derecho*

La ley no ampara el ejercicio ni la omisión abusivos de un derecho.

* Artículo modificado por la Primera Disposición Modificatoria del DL 768, Código Procesal Civil (cambio que, a su vez, fue modificado por el D-L 25940). El CPC fue publicado el 4 de marzo de 1992, pero entró en vigencia el 28 de julio de 1993 (link: lpd.pe/k6eBx).

LIBRO I: DERECHO DE LAS PERSONAS
Sección primera: Personas naturales
Título I: Principio de la persona
Artículo 1.- Sujeto de Derecho

La persona humana es sujeto de derecho desde su nacimiento.

Título II: Derechos de la persona
Artículo 3.- Capacidad jurídica*

Toda persona tiene capacidad jurídica para el goce y ejercicio de sus derechos.

* Artículo modificado por el DL 1384, publicado el 4 de setiembre de 2018 (link: lpd.pe/pxRn8).

Artículos 4-5.- [Derogado]*

* Artículos derogados por la Sétima Disposición Final de la Ley 26497, publicada el 12 de julio de 1995 (link: lpd.pe/0KDEb).

Sección segunda: Personas jurídicas
Título I: Disposiciones generales
Artículo 6 hasta el 8.- [Derogado]*

* Artículos derogados por la Ley 28677, publicada el 1 de marzo de 2006 (link: lpd.pe/2X4XP).

Artículo 9.- Anticresis

Por la anticresis se entrega un inmueble en garantía de una deuda.
`

// DLEG-52-1981.md (spij.minjus.gob.pe): indented paragraphs, sumilla on the line before the article,
// concordancias with links, and an article printed again with its new wording after the amendment note.
const SPIJ_LAW = String.raw`${frontMatter('DLEG-52-1981', SPIJ, 'Ley Orgánica del Ministerio Público')}# Ley Orgánica del Ministerio Público  

## DECRETO LEGISLATIVO Nº 52  

(\*) De conformidad con el [Artículo 3 de la Ley Nº 29286](/spij-ext-web/detallenorma/H976951), publicada el 04 diciembre 2008, se precisa que cuando se hace referencia a los términos “Fiscal Decano” debe entenderse como “Presidente de la Junta de Fiscales”.

**CONCORDANCIAS:${SPIJ_INDENT} [D.S. Nº 005-81-JUS (Reglamentan Disposiciones de Decreto Legislativo Nº 52)](/spij-ext-web/detallenorma/H722819)**

${SPIJ_INDENT}EL PRESIDENTE DE LA REPUBLICA:

${SPIJ_INDENT}Ha dado el Decreto Legislativo siguiente:

### **TITULO I  
**

### **DISPOSICIONES GENERALES  
**

(\*)NOTA SPIJ  

${SPIJ_INDENT}Función

${SPIJ_INDENT}**Artículo 1.-** El Ministerio Público es el organismo autónomo del Estado que tiene como funciones principales la defensa de la legalidad.

${SPIJ_INDENT}**Atribuciones de los miembros del Ministerio Público**

${SPIJ_INDENT}**Artículo 3.-** Para el debido cumplimiento de sus funciones y atribuciones, el Fiscal de la Nación y los Fiscales ejercitarán las acciones o recursos.

**CONCORDANCIAS:     Ley N° 27378, Art. 1, último párrafo  
**

${SPIJ_INDENT}**_Trámite de la denuncia_**

${SPIJ_INDENT}**_Artículo 12.-_** _La denuncia a que se refiere el artículo precedente puede presentarse ante el Fiscal Provincial o ante el Fiscal Superior._

**(\*) Artículo modificado por el  [Artículo Único de la Ley Nº 25037](/spij-ext-web/detallenorma/H744720), publicada el** 13 junio 1989**, cuyo texto es el siguiente:**

${SPIJ_INDENT}Trámite de la denuncia

${SPIJ_INDENT}**Artículo 12.-"** La denuncia a que se refiere el artículo precedente puede presentarse ante el Fiscal Provincial o ante el Fiscal Superior. Si éste lo estimase procedente instruirá al Fiscal Provincial para que la formalice.
`

describe('parseNorm: front matter', () => {
  it('maps the YAML fields to NormMeta', () => {
    const { meta } = parseNorm(CONSTITUTION, 'CON-1993.md')
    expect(meta).toEqual({
      identifier: 'CON-1993',
      title: 'Constitución Política del Perú',
      country: 'pe',
      rank: 'ley',
      publicationDate: '1993-12-30',
      lastUpdated: '2024-12-11',
      status: 'in_force',
      source: LP,
      officialJournal: 'El Peruano',
    })
  })

  it('decodes the HTML entities the publisher left in titles and text, every name of them', () => {
    const md = `${frontMatter('LEY-28278-2004', SPIJ, 'Ley de Radio y Televisi&oacute;n')}# Ley de Radio y Televisi&oacute;n

Art&iacute;culo 1.- Objeto
La presente Ley norma la prestaci&oacute;n de los servicios de radiodifusi&oacute;n, sonora o por televisi&oacute;n,&nbsp;en se&ntilde;al abierta.
`
    const norm = parseNorm(md, 'LEY-28278-2004.md')
    expect(norm.meta.title).toBe('Ley de Radio y Televisión')
    expect(norm.articles.map((a) => a.number)).toEqual(['1'])
    expect(norm.articles[0]?.text).toContain(
      'la prestación de los servicios de radiodifusión, sonora o por televisión, en señal abierta',
    )
  })

  it('throws a NormParseError in Spanish when there is no front matter', () => {
    expect(() => parseNorm('# Ley 123\n\nArtículo 1.- Objeto', 'LEY-123.md')).toThrow(NormParseError)
    expect(() => parseNorm('# Ley 123\n\nArtículo 1.- Objeto', 'LEY-123.md')).toThrow(
      'LEY-123.md: la norma no tiene encabezado YAML (front matter)',
    )
  })

  it('throws when the body is empty', () => {
    expect(() => parseNorm(`${frontMatter('LEY-1-2000', LP)}\n  \n\n`, 'LEY-1-2000.md')).toThrow(
      'LEY-1-2000.md: el cuerpo de la norma está vacío',
    )
  })

  it('throws when the identifier or the title is missing', () => {
    const noId = '---\ntitle: Ley de prueba\ncountry: pe\n---\nArtículo 1.- Objeto\n'
    const noTitle = '---\nidentifier: LEY-1-2000\ncountry: pe\n---\nArtículo 1.- Objeto\n'
    expect(() => parseNorm(noId, 'a.md')).toThrow(
      'a.md: al encabezado le falta el identificador (identifier)',
    )
    expect(() => parseNorm(noTitle, 'b.md')).toThrow('b.md: al encabezado le falta el título (title)')
  })
})

describe('parseNorm: lpderecho.pe style (Constitución)', () => {
  const norm = parseNorm(CONSTITUTION, 'CON-1993.md')
  const byNumber = (n: string) => norm.articles.find((a) => a.number === n)

  it('finds every article and disposition in reading order', () => {
    expect(norm.articles.map((a) => a.number)).toEqual([
      '1',
      '3',
      '7',
      '7-A',
      '112',
      'primera-final-transitoria',
      'segunda-final-transitoria',
    ])
    expect(norm.articles.map((a) => a.ordinal)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('keeps the preamble and drops the repeated Markdown title', () => {
    expect(norm.preamble).toBe(
      'PREÁMBULO\n\nEl Congreso Constituyente Democrático, invocando a Dios Todopoderoso, obedeciendo el mandato del pueblo peruano y recordando el sacrificio de todas las generaciones que nos han precedido en nuestra Patria, ha resuelto dar la siguiente Constitución:',
    )
  })

  it('reads bracketed headings and drops the trailing asterisk', () => {
    expect(byNumber('7')).toMatchObject({
      label: 'Artículo 7',
      heading: 'Derecho a la salud. Protección de la persona con discapacidad',
    })
    expect(byNumber('7-A')).toMatchObject({ label: 'Artículo 7-A', heading: 'Derecho al agua potable' })
  })

  it('builds the structure path, with names taken from the next line', () => {
    expect(byNumber('1')?.path).toEqual([
      'TÍTULO I. DE LA PERSONA Y DE LA SOCIEDAD',
      'CAPÍTULO I. DERECHOS FUNDAMENTALES DE LA PERSONA',
    ])
    expect(byNumber('7')?.path).toEqual([
      'TÍTULO I. DE LA PERSONA Y DE LA SOCIEDAD',
      'CAPÍTULO II. DE LOS DERECHOS SOCIALES Y ECONÓMICOS',
    ])
    expect(byNumber('112')?.path).toEqual([
      'TÍTULO IV. DE LA ESTRUCTURA DEL ESTADO',
      'CAPÍTULO IV. PODER EJECUTIVO',
    ])
    expect(byNumber('primera-final-transitoria')?.path).toEqual(['DISPOSICIONES FINALES Y TRANSITORIAS'])
  })

  it('keeps modification notes out of the text, with their list of amending norms', () => {
    expect(byNumber('7')?.text).toBe(
      'Todos tienen derecho a la protección de su salud, la del medio familiar y la de la comunidad, así como el deber de contribuir a su promoción y defensa.',
    )
    expect(byNumber('7')?.notes).toEqual([
      'Artículo modificado por el artículo único de la Ley 32188, publicada el 11 de diciembre de 2024.',
    ])
    expect(byNumber('112')).toMatchObject({
      heading: 'Duración del mandato presidencial',
      text: 'El mandato presidencial es de cinco años, no hay reelección inmediata. Transcurrido otro período constitucional, como mínimo, el ex presidente puede volver a postular, sujeto a las mismas condiciones.',
      notes: [
        'Artículo modificado por los siguientes dispositivos:\nArtículo 1 de la Ley 27365, publicada el 5 de noviembre de 2000.\nArtículo único de la Ley 31280, publicada el 16 de julio de 2021, la cual fue declarada inconstitucional.',
      ],
    })
  })

  it('drops web debris: jurisprudence links and course ads', () => {
    expect(byNumber('3')?.text).toBe(
      'La enumeración de los derechos establecidos en este capítulo no excluye los demás que la Constitución garantiza, ni otros de naturaleza análoga o que se fundan en la dignidad del hombre, o en los principios de soberanía del pueblo, del Estado democrático de derecho y de la forma republicana de gobierno.',
    )
    const all = norm.articles.map((a) => a.text).join('\n')
    expect(all).not.toContain('Ver jurisprudencia')
    expect(all).not.toContain('Inscríbete')
  })

  it('turns the final and transitory provisions into dispositions, joining wrapped lines', () => {
    expect(byNumber('primera-final-transitoria')).toMatchObject({
      kind: 'disposicion',
      label: 'Primera Disposición Final y Transitoria',
      heading: 'Regímenes pensionarios de los servidores públicos',
      text: 'Declárase cerrado definitivamente el régimen pensionario del Decreto Ley N° 20530.',
      notes: [
        'Disposición modificada por el artículo 3 de la Ley 28389, publicada el 17 de noviembre de 2004.',
      ],
    })
    expect(byNumber('segunda-final-transitoria')?.text).toBe(
      'El Estado garantiza el pago oportuno y el reajuste periódico de las pensiones que administra, con arreglo a las previsiones presupuestarias que éste destine para tales efectos, y a las posibilidades de la economía nacional.',
    )
  })

  it('reports the numbering gaps', () => {
    expect(norm.warnings).toEqual([
      'Falta el artículo 2',
      'Faltan los artículos 4 a 6',
      'Faltan los artículos 8 a 111',
    ])
  })
})

describe('parseNorm: Código Civil (Roman numerals, LIBRO/Sección/Título, repealed ranges)', () => {
  const norm = parseNorm(CIVIL_CODE, 'DLEG-295-1984.md')
  const byNumber = (n: string) => norm.articles.find((a) => a.number === n)

  it('numbers the Título Preliminar in Roman numerals', () => {
    expect(byNumber('I')).toMatchObject({
      label: 'Artículo I',
      heading: 'Abrogación de la ley',
      text: 'La ley se deroga sólo por otra ley.',
      path: ['TÍTULO PRELIMINAR'],
    })
    expect(byNumber('II')?.notes).toEqual([
      'Artículo modificado por la Primera Disposición Modificatoria del DL 768, Código Procesal Civil (cambio que, a su vez, fue modificado por el D-L 25940). El CPC fue publicado el 4 de marzo de 1992, pero entró en vigencia el 28 de julio de 1993.',
    ])
  })

  it('pops the structure stack: a new LIBRO closes the Título Preliminar, a new Sección its Títulos', () => {
    expect(byNumber('1')?.path).toEqual([
      'LIBRO I. DERECHO DE LAS PERSONAS',
      'SECCIÓN PRIMERA. Personas naturales',
      'TÍTULO I. Principio de la persona',
    ])
    expect(byNumber('3')?.path).toEqual([
      'LIBRO I. DERECHO DE LAS PERSONAS',
      'SECCIÓN PRIMERA. Personas naturales',
      'TÍTULO II. Derechos de la persona',
    ])
    expect(byNumber('9')?.path).toEqual([
      'LIBRO I. DERECHO DE LAS PERSONAS',
      'SECCIÓN SEGUNDA. Personas jurídicas',
      'TÍTULO I. Disposiciones generales',
    ])
  })

  it('gives each article of a repealed range its own unit, and counts them as present', () => {
    expect(norm.articles.map((a) => a.number)).toEqual(['I', 'II', '1', '3', '4', '5', '6', '7', '8', '9'])
    expect(byNumber('5')).toMatchObject({
      label: 'Artículo 5',
      heading: null,
      text: '(Derogado)',
      notes: [
        'Artículos derogados por la Sétima Disposición Final de la Ley 26497, publicada el 12 de julio de 1995.',
      ],
    })
    expect(byNumber('7')?.text).toBe('(Derogado)')
    expect(norm.warnings).toEqual(['Falta el artículo 2'])
  })
})

describe('parseNorm: spij.minjus.gob.pe style', () => {
  const norm = parseNorm(SPIJ_LAW, 'DLEG-52-1981.md')
  const byNumber = (n: string) => norm.articles.find((a) => a.number === n)

  it('takes the sumilla on the line before the article as its heading', () => {
    expect(byNumber('1')).toMatchObject({
      heading: 'Función',
      text: 'El Ministerio Público es el organismo autónomo del Estado que tiene como funciones principales la defensa de la legalidad.',
      path: ['TÍTULO I. DISPOSICIONES GENERALES'],
    })
    expect(byNumber('3')?.heading).toBe('Atribuciones de los miembros del Ministerio Público')
  })

  it('drops concordancias and SPIJ markers, and keeps the norm-level notes apart', () => {
    expect(byNumber('3')?.text).toBe(
      'Para el debido cumplimiento de sus funciones y atribuciones, el Fiscal de la Nación y los Fiscales ejercitarán las acciones o recursos.',
    )
    expect(norm.preamble).toBe(
      'DECRETO LEGISLATIVO Nº 52\n\nEL PRESIDENTE DE LA REPUBLICA:\n\nHa dado el Decreto Legislativo siguiente:',
    )
    expect(norm.notes).toEqual([
      'De conformidad con el Artículo 3 de la Ley Nº 29286, publicada el 04 diciembre 2008, se precisa que cuando se hace referencia a los términos “Fiscal Decano” debe entenderse como “Presidente de la Junta de Fiscales”.',
    ])
  })

  it('keeps one unit per article with the new wording when SPIJ prints the amended article again', () => {
    expect(norm.articles.map((a) => a.number)).toEqual(['1', '3', '12'])
    expect(byNumber('12')).toMatchObject({
      heading: 'Trámite de la denuncia',
      text: 'La denuncia a que se refiere el artículo precedente puede presentarse ante el Fiscal Provincial o ante el Fiscal Superior. Si éste lo estimase procedente instruirá al Fiscal Provincial para que la formalice.',
      notes: [
        'Artículo modificado por el Artículo Único de la Ley Nº 25037, publicada el 13 junio 1989, cuyo texto es el siguiente:',
      ],
    })
  })

  it('reads the split bold heading `**Artículo 1** **. Objeto**`', () => {
    const md = `${frontMatter('LEY-31814-2023', SPIJ)}
${SPIJ_INDENT}**Artículo 1** **. Objeto de la Ley**

${SPIJ_INDENT}La presente ley tiene por objeto promover el uso de la inteligencia artificial.

${SPIJ_INDENT}**Artículo 2.- Interés nacional**

${SPIJ_INDENT}Declárase de interés nacional la promoción del talento digital.
`
    const { articles } = parseNorm(md, 'LEY-31814-2023.md')
    expect(articles.map((a) => [a.number, a.heading, a.text])).toEqual([
      [
        '1',
        'Objeto de la Ley',
        'La presente ley tiene por objeto promover el uso de la inteligencia artificial.',
      ],
      ['2', 'Interés nacional', 'Declárase de interés nacional la promoción del talento digital.'],
    ])
  })
})

describe('parseNorm: article heading variants', () => {
  const parse = (body: string, source = LP) =>
    parseNorm(`${frontMatter('LEY-1-2000', source)}${body}`, 'LEY-1-2000.md')

  it('reads the lpderecho Markdown headings and stops at the web footer', () => {
    const { articles } = parse(`#### **Artículo 1969.- Indemnización por daño moroso y culposo**
Aquel que por dolo o culpa causa un daño a otro está obligado a indemnizarlo. El descargo por falta de dolo o culpa corresponde a su autor.
*Ver jurisprudencia aquí.*
#### **Artículo 1975****.- [*Derogado*]***
#### **Artículo 129-Q.- Captación de menores de edad para la comisión de delitos***
El que capta a un menor de edad para la comisión de delitos será reprimido.
Comentarios:#### ARTÍCULOS RELACIONADOSMÁS DEL AUTOR
Civil### ¿Puedo embargar a un perro en el Perú para que me paguen una deuda?
Artículo 5.- Este no es un artículo de la norma.
`)
    expect(articles.map((a) => [a.number, a.label, a.heading, a.text])).toEqual([
      [
        '1969',
        'Artículo 1969',
        'Indemnización por daño moroso y culposo',
        'Aquel que por dolo o culpa causa un daño a otro está obligado a indemnizarlo. El descargo por falta de dolo o culpa corresponde a su autor.',
      ],
      ['1975', 'Artículo 1975', null, '(Derogado)'],
      [
        '129-Q',
        'Artículo 129-Q',
        'Captación de menores de edad para la comisión de delitos',
        'El que capta a un menor de edad para la comisión de delitos será reprimido.',
      ],
    ])
  })

  it('reads bis, degree-sign, abbreviated and italic headings', () => {
    const { articles } = parse(`ARTÍCULO 1°.- La presente ley regula el régimen de las juntas vecinales.

Artículo 5 bis.- Los gobiernos locales llevan un registro de juntas vecinales.

Art. 6.- Las juntas se inscriben sin costo alguno.

*Artículo 7.- Facultades* 

Las juntas pueden solicitar información a la municipalidad.
`)
    expect(articles.map((a) => [a.number, a.label, a.heading, a.text])).toEqual([
      ['1', 'Artículo 1', null, 'La presente ley regula el régimen de las juntas vecinales.'],
      ['5-bis', 'Artículo 5 bis', null, 'Los gobiernos locales llevan un registro de juntas vecinales.'],
      ['6', 'Artículo 6', null, 'Las juntas se inscriben sin costo alguno.'],
      ['7', 'Artículo 7', 'Facultades', 'Las juntas pueden solicitar información a la municipalidad.'],
    ])
  })

  it('reads ordinal articles and the article único', () => {
    const ordinals = parse(`ARTÍCULO PRIMERO.- Apruébase el Reglamento de la Ley 27444.

ARTÍCULO SEGUNDO.- El presente decreto entra en vigencia al día siguiente de su publicación.
`)
    expect(ordinals.articles.map((a) => [a.number, a.label, a.text])).toEqual([
      ['primero', 'Artículo Primero', 'Apruébase el Reglamento de la Ley 27444.'],
      [
        'segundo',
        'Artículo Segundo',
        'El presente decreto entra en vigencia al día siguiente de su publicación.',
      ],
    ])
    const unico = parse(`**Artículo Único.- Objeto de la Resolución**

Apruébase el “Tratado de Extradición entre la República del Perú y la República del Ecuador”.
`)
    expect(unico.articles.map((a) => [a.number, a.label, a.heading, a.text])).toEqual([
      [
        'unico',
        'Artículo único',
        'Objeto de la Resolución',
        'Apruébase el “Tratado de Extradición entre la República del Perú y la República del Ecuador”.',
      ],
    ])
  })

  it('does not take references inside the text for headings', () => {
    const { articles } = parse(`Artículo 1.- Modificación de la Ley 27972

Las municipalidades aplican lo dispuesto en el
Artículo 5 de la Ley 27972, Ley Orgánica de Municipalidades, y en el
Artículo 6, inciso 2, del Decreto Supremo 004-2019-JUS.

Artículo 2.- Vigencia

La presente ley entra en vigencia al día siguiente de su publicación.
`)
    expect(articles.map((a) => a.number)).toEqual(['1', '2'])
    expect(articles[0]?.text).toBe(
      'Las municipalidades aplican lo dispuesto en el Artículo 5 de la Ley 27972, Ley Orgánica de Municipalidades, y en el Artículo 6, inciso 2, del Decreto Supremo 004-2019-JUS.',
    )
  })

  it('ignores the articles a law transcribes from the norm it amends', () => {
    const { articles, warnings } = parse(
      `Artículo 1.- Modificación del artículo 45 del Decreto Ley Nº 19990

Modifícase el artículo 45 del Decreto Ley Nº 19990 en los términos siguientes:

“Artículo 45.- El pensionista que se reincorpore a la actividad laboral puede percibir su pensión.

Artículo 46.- El reingreso se comunica a la ONP.”

Artículo 2.- Derogatoria

Deróganse o déjanse sin efecto las disposiciones que se opongan a la presente Ley.
`,
      SPIJ,
    )
    expect(articles.map((a) => [a.number, a.heading])).toEqual([
      ['1', 'Modificación del artículo 45 del Decreto Ley Nº 19990'],
      ['2', 'Derogatoria'],
    ])
    expect(articles[0]?.text).toBe(
      'Modifícase el artículo 45 del Decreto Ley Nº 19990 en los términos siguientes:\n\n“Artículo 45.- El pensionista que se reincorpore a la actividad laboral puede percibir su pensión.\n\nArtículo 46.- El reingreso se comunica a la ONP.”',
    )
    expect(warnings).toEqual([])
  })

  it('ends a norm at a promulgation formula the OCR ran into the last line, not at the next gazette norm', () => {
    const { articles } = parse(
      `Artículo único. Modificación del artículo 49 de la Ley 29944
Se modifica el artículo 49 en los siguientes términos. La ley entra en vigor al día siguiente de su publicación. POR TANTO: Habiendo sido reconsiderada la Ley por el Congreso de la República, mando se publique y cumpla.
PODER EJECUTIVO
Autorizan viaje de representantes de PROMPERÚ a la República de la India, en comisión de servicios
Que, la participación de PROMPERÚ tiene por finalidad posicionar el Perú como destino turístico.
`,
      EL_PERUANO,
    )
    expect(articles.map((a) => [a.number, a.text])).toEqual([
      [
        'unico',
        'Se modifica el artículo 49 en los siguientes términos. La ley entra en vigor al día siguiente de su publicación.',
      ],
    ])
  })

  it("cuts before the congress's address to the president when the formula follows it on the same line", () => {
    const { articles } = parse(
      `Artículo 1. Objeto
La presente ley declara de interés nacional la educación vial. LUIS VALDEZ Presidente del Congreso de la República A LA SEÑORA PRESIDENTA DE LA REPÚBLICA POR TANTO: Mando se publique y cumpla.
RESOLUCIÓN MINISTERIAL N° 003-2025-MINCETUR
Que, el viaje al exterior de los servidores públicos se autoriza por resolución.
`,
      EL_PERUANO,
    )
    expect(articles.map((a) => a.text)).toEqual([
      'La presente ley declara de interés nacional la educación vial. LUIS VALDEZ Presidente del Congreso de la República',
    ])
  })

  it("keeps 'por tanto' that belongs to a sentence", () => {
    const { articles } = parse(
      `Artículo 1. Plazo
El plazo es de treinta días; por tanto, vencido este, la solicitud se tiene por aprobada. Lo dispuesto POR TANTO rige desde su publicación.
`,
      EL_PERUANO,
    )
    expect(articles.map((a) => a.text)).toEqual([
      'El plazo es de treinta días; por tanto, vencido este, la solicitud se tiene por aprobada. Lo dispuesto POR TANTO rige desde su publicación.',
    ])
  })

  it('reads the number on the next line and a capitals title glued before the article (OCR)', () => {
    const { articles } = parse(
      `Artículo
1.- Finalidad de la ley

La presente ley tiene por finalidad regular el presupuesto.

CAPÍTULO ÚNICO MEDIDAS PREVENTIVAS Artículo 2. Medidas preventivas Las medidas preventivas son disposiciones administrativas de carácter provisional.
`,
      EL_PERUANO,
    )
    expect(articles.map((a) => [a.number, a.heading, a.text, a.path])).toEqual([
      ['1', 'Finalidad de la ley', 'La presente ley tiene por finalidad regular el presupuesto.', []],
      [
        '2',
        'Medidas preventivas',
        'Las medidas preventivas son disposiciones administrativas de carácter provisional.',
        ['CAPÍTULO ÚNICO. MEDIDAS PREVENTIVAS'],
      ],
    ])
  })
})

describe('parseNorm: dispositions', () => {
  it('numbers the dispositions by their block, in El Peruano run-in style', () => {
    const md = `${frontMatter('DLEG-1635-2024', EL_PERUANO)}
Artículo 17. Refrendo El presente Decreto Legislativo es refrendado por el Presidente del Consejo de Ministros y el Ministro de Economía y Finanzas.
DISPOSICIONES COMPLEMENTARIAS FINALES
PRIMERA. Vigencia Lo dispuesto en el presente Decreto Legislativo entra en vigencia a partir del día siguiente de su publicación en el Diario Oficial "El Peruano".
SEGUNDA. Normas reglamentarias En un plazo no mayor de sesenta (60) días calendario se aprueban las normas reglamentarias.
DISPOSICIÓN COMPLEMENTARIA DEROGATORIA
ÚNICA.- Derogación
Derógase el Decreto Legislativo N° 1448.
POR TANTO:
Mando se publique y cumpla, dando cuenta al Congreso de la República
DINA ERCILIA BOLUARTE ZEGARRA Presidenta de la República
`
    const { articles } = parseNorm(md, 'DLEG-1635-2024.md')
    expect(articles.map((a) => [a.kind, a.number, a.label, a.heading, a.text, a.path])).toEqual([
      [
        'articulo',
        '17',
        'Artículo 17',
        'Refrendo',
        'El presente Decreto Legislativo es refrendado por el Presidente del Consejo de Ministros y el Ministro de Economía y Finanzas.',
        [],
      ],
      [
        'disposicion',
        'primera-complementaria-final',
        'Primera Disposición Complementaria Final',
        'Vigencia',
        'Lo dispuesto en el presente Decreto Legislativo entra en vigencia a partir del día siguiente de su publicación en el Diario Oficial "El Peruano".',
        ['DISPOSICIONES COMPLEMENTARIAS FINALES'],
      ],
      [
        'disposicion',
        'segunda-complementaria-final',
        'Segunda Disposición Complementaria Final',
        'Normas reglamentarias',
        'En un plazo no mayor de sesenta (60) días calendario se aprueban las normas reglamentarias.',
        ['DISPOSICIONES COMPLEMENTARIAS FINALES'],
      ],
      [
        'disposicion',
        'unica-complementaria-derogatoria',
        'Única Disposición Complementaria Derogatoria',
        'Derogación',
        'Derógase el Decreto Legislativo N° 1448.',
        ['DISPOSICIÓN COMPLEMENTARIA DEROGATORIA'],
      ],
    ])
  })

  it('reads bold ordinals, a heading split over two lines and a singular block without ÚNICA', () => {
    const md = `${frontMatter('LEY-31307-2021', LP)}
#### **Artículo 124. Obligación de proporcionar documentos y antecedentes**
La Corte Suprema de Justicia de la República y el Tribunal Constitucional deberán remitir la legislación.
DISPOSICIONES
**COMPLEMENTARIAS FINALES**
#### **PRIMERA. Vigencia de normas**
Las normas procesales previstas por el presente código son de aplicación inmediata.
**SEGUNDA.** Los jueces especializados conocen los procesos de amparo.
DISPOSICIÓN COMPLEMENTARIA DEROGATORIA
Derógase la Ley 28237, Código Procesal Constitucional.
`
    const { articles } = parseNorm(md, 'LEY-31307-2021.md')
    expect(articles.map((a) => [a.number, a.label, a.heading, a.text])).toEqual([
      [
        '124',
        'Artículo 124',
        'Obligación de proporcionar documentos y antecedentes',
        'La Corte Suprema de Justicia de la República y el Tribunal Constitucional deberán remitir la legislación.',
      ],
      [
        'primera-complementaria-final',
        'Primera Disposición Complementaria Final',
        'Vigencia de normas',
        'Las normas procesales previstas por el presente código son de aplicación inmediata.',
      ],
      [
        'segunda-complementaria-final',
        'Segunda Disposición Complementaria Final',
        null,
        'Los jueces especializados conocen los procesos de amparo.',
      ],
      [
        'unica-complementaria-derogatoria',
        'Única Disposición Complementaria Derogatoria',
        null,
        'Derógase la Ley 28237, Código Procesal Constitucional.',
      ],
    ])
  })
})

describe('parseNorm: whole-document rules', () => {
  it('keeps the approved TUO and moves the approving decree to the preamble', () => {
    const md = `${frontMatter('DS-003-97-TR-1997', LP)}
EL PRESIDENTE DE LA REPÚBLICA
**DECRETA:**
**Artículo 1.-** Aprobar el TEXTO ÚNICO ORDENADO DEL DECRETO LEGISLATIVO N° 728.
**Artículo 2.- **La Ley cuyo Texto Único Ordenado se aprueba será reglamentada en noventa días.
Dado en la Casa de Gobierno, en Lima, a los veintiún días del mes de marzo de mil novecientos noventa y siete.
ALBERTO FUJIMORI FUJIMORI
## **TÍTULO PRELIMINAR**
**Artículo 1.-** Son objetivos de la presente Ley fomentar la capacitación y formación laboral.
**Artículo 2.-** El Estado estimula y promueve la innovación tecnológica.
**Artículo 3.-** El ámbito de aplicación de la presente Ley comprende a todas las empresas.
`
    const norm = parseNorm(md, 'DS-003-97-TR-1997.md')
    expect(norm.articles.map((a) => [a.number, a.text, a.path])).toEqual([
      [
        '1',
        'Son objetivos de la presente Ley fomentar la capacitación y formación laboral.',
        ['TÍTULO PRELIMINAR'],
      ],
      ['2', 'El Estado estimula y promueve la innovación tecnológica.', ['TÍTULO PRELIMINAR']],
      [
        '3',
        'El ámbito de aplicación de la presente Ley comprende a todas las empresas.',
        ['TÍTULO PRELIMINAR'],
      ],
    ])
    expect(norm.preamble).toBe(
      'EL PRESIDENTE DE LA REPÚBLICA\n\nDECRETA:\n\nArtículo 1.\n\nAprobar el TEXTO ÚNICO ORDENADO DEL DECRETO LEGISLATIVO N° 728.\n\nArtículo 2.\n\nLa Ley cuyo Texto Único Ordenado se aprueba será reglamentada en noventa días.',
    )
    expect(norm.warnings).toEqual([
      'La numeración se reinicia: 2 unidades anteriores (norma aprobatoria, índice u otra norma de la misma página) se pasaron al preámbulo',
    ])
  })

  it('parses a stub without articles: everything goes to the preamble', () => {
    const md = `${frontMatter('LEY-13786-1962', SPIJ, 'Creando el Distrito de Pataypampa')}# Creando el Distrito de Pataypampa  

**Creando el Distrito de Pataypampa, en la Provincia de Grau, del Departamento de Apurímac.**

**LEY Nº 13786**

[Ver texto de la norma en PDF](https://spij.minjus.gob.pe/Graficos/Peru/1962/Enero/13786.pdf)
`
    const norm = parseNorm(md, 'LEY-13786-1962.md')
    expect(norm.articles).toEqual([])
    expect(norm.preamble).toBe(
      'Creando el Distrito de Pataypampa, en la Provincia de Grau, del Departamento de Apurímac.\n\nLEY Nº 13786',
    )
    expect(norm.warnings).toEqual([])
  })

  it('reports gaps and renames duplicate numbers', () => {
    const md = `${frontMatter('LEY-2-2000', LP)}
Artículo 1.- Objeto

Regula el registro.

Artículo 2.- Ámbito

Se aplica en todo el país.

Artículo 9.- Plazos

Los plazos se computan en días hábiles.

Artículo 2.- Ámbito

Se aplica en todo el país.
`
    const norm = parseNorm(md, 'LEY-2-2000.md')
    expect(norm.articles.map((a) => a.number)).toEqual(['1', '2', '9', '2~2'])
    expect(norm.warnings).toEqual([
      'Artículo 2 aparece 2 veces; la repetición se numeró «2~2»',
      'Faltan los artículos 3 a 8',
    ])
  })

  it('caps a giant article at 20,000 characters with a warning', () => {
    const paragraph =
      'El anexo detalla las partidas presupuestarias asignadas a cada pliego del sector público.'
    const annex = Array.from({ length: 300 }, () => paragraph).join('\n\n')
    const md = `${frontMatter('LEY-3-2000', LP)}\nArtículo 1.- Anexo\n\n${annex}\n`
    const norm = parseNorm(md, 'LEY-3-2000.md')
    const text = norm.articles[0]?.text ?? ''
    // 300 paragraphs of 89 characters: the cut falls on the paragraph break before character 20,000.
    expect(text.length).toBe(19_927)
    expect(text.endsWith('sector público.')).toBe(true)
    expect(norm.warnings).toEqual([
      'Artículo 1 excede 20000 caracteres: se truncó (7371 caracteres omitidos)',
    ])
  })
})

const CORPUS = path.join(SHARED_CORPUS, 'legalize-pe', 'pe')

describe.skipIf(missing(sharedCorpus('legalize-pe', 'pe', 'CON-1993.md')))(
  'parseNorm: the real Constitución',
  () => {
    const norm = parseNorm(readFileSync(`${CORPUS}/CON-1993.md`, 'utf8'), 'CON-1993.md')
    const articles = norm.articles.filter((a) => a.kind === 'articulo')

    it('finds the 206 numbered articles, the lettered ones and the dispositions', () => {
      expect(articles.filter((a) => /^\d+$/.test(a.number))).toHaveLength(206)
      expect(articles.filter((a) => /-[A-Z]$/.test(a.number)).map((a) => a.number)).toEqual([
        '7-A',
        '14-A',
        '34-A',
        '39-A',
        '90-A',
        '102-A',
        '102-B',
      ])
      expect(norm.articles.filter((a) => a.kind === 'disposicion')).toHaveLength(20)
      expect(norm.warnings).toEqual([])
    })

    it('reads Artículo 112 and the path of Artículo 2', () => {
      const art112 = norm.articles.find((a) => a.number === '112')
      expect(art112?.heading).toBe('Duración del mandato presidencial')
      expect(art112?.text.startsWith('El mandato presidencial es de cinco años')).toBe(true)
      expect(norm.articles.find((a) => a.number === '2')?.path).toEqual([
        'TÍTULO I. DE LA PERSONA Y DE LA SOCIEDAD',
        'CAPÍTULO I. DERECHOS FUNDAMENTALES DE LA PERSONA',
      ])
    })

    it('leaves no jurisprudence links in the text', () => {
      expect(norm.articles.some((a) => a.text.includes('Ver jurisprudencia'))).toBe(false)
    })
  },
)

describe.skipIf(
  missing(
    sharedCorpus('legalize-pe', 'pe', 'DLEG-295-1984.md'),
    sharedCorpus('legalize-pe', 'pe', 'DLEG-CIVIL-2-1984.md'),
  ),
)('parseNorm: the real Código Civil', () => {
  it('reads Artículo 1969 of the second part', () => {
    const norm = parseNorm(readFileSync(`${CORPUS}/DLEG-CIVIL-2-1984.md`, 'utf8'), 'DLEG-CIVIL-2-1984.md')
    const art = norm.articles.find((a) => a.number === '1969')
    expect(art?.heading).toBe('Indemnización por daño moroso y culposo')
    expect(art?.text).toBe(
      'Aquel que por dolo o culpa causa un daño a otro está obligado a indemnizarlo. El descargo por falta de dolo o culpa corresponde a su autor.',
    )
    expect(art?.path).toEqual([
      'LIBRO VII. FUENTES DE LAS OBLIGACIONES',
      'SECCIÓN SEXTA. Responsabilidad extracontractual',
    ])
  })

  it('numbers the Título Preliminar of the first part with Roman numerals', () => {
    const norm = parseNorm(readFileSync(`${CORPUS}/DLEG-295-1984.md`, 'utf8'), 'DLEG-295-1984.md')
    const preliminar = norm.articles.filter((a) => a.path[0] === 'TÍTULO PRELIMINAR')
    expect(preliminar.map((a) => a.number)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
    ])
    expect(preliminar[0]?.heading).toBe('Abrogación de la ley')
    expect(norm.articles.find((a) => a.number === '1')?.heading).toBe('Sujeto de Derecho')
  })
})
