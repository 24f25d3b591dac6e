import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/query'
import { indexMadeUpNorms, type MadeUpIndex, madeUpLaw } from '../../test/made-up-norms'
import { pdfPageLines } from '../../test/pdf-lines'
import { corpusFolders } from '../ingest/corpus-dir'
import { ensureDerivedIndexes } from '../ingest/ensure-derived'
import { renderStatusEditions } from '../ingest/status-editions'
import { loadPackManifest } from '../pack/manifest'
import { toSourceItem } from '../source-item'
import { RANK } from './rank'
import { buildRepeals, repealsIn } from './repeals'
import { searchCorpus } from './search'

const KINDS = loadPackManifest().numberedNorms
const repealed = (text: string) =>
  repealsIn(text, KINDS).map(
    (r) => `${r.prefix} ${r.number}${r.year ? `-${r.year}` : ''}${r.partial ? ' parcial' : ''}`,
  )

describe('the norms a text repeals', () => {
  it('reads a whole numbered norm after the verb, however its number is written', () => {
    expect(
      repealed('Derógase la **Ley 27986**, Ley de los trabajadores del hogar, sus normas modificatorias.'),
    ).toEqual(['LEY 27986'])
    expect(repealed('ÚNICA. Derógase la Ley N.° 28677, Ley de la Garantía Mobiliaria.')).toEqual([
      'LEY 28677',
    ])
    expect(
      repealed('Deróganse el Decreto Ley N* 14605, el Decreto Legislativo N2 612 y todas las normas.'),
    ).toEqual(['DL 14605', 'DLEG 612'])
    expect(repealed('Queda derogada la Ley 29874, sus normas complementarias.')).toEqual(['LEY 29874'])
    expect(repealed('Deróganse las Leyes 26511, 26513 y 26530.')).toEqual([
      'LEY 26511',
      'LEY 26513',
      'LEY 26530',
    ])
  })

  it('reads the verb as laws are drafted today: se deroga, se derogan, se deja sin efecto, déjese sin efecto', () => {
    expect(
      repealed(
        'Se deroga la Ley 99001, Ley de Nacionalidad y demás normas que contravengan a la presente ley.',
      ),
    ).toEqual(['LEY 99001'])
    expect(
      repealed(
        'Se derogan la Ley 99002, Ley que crea la ventanilla de trámites, y la Ley 99003, Ley General del Turismo.',
      ),
    ).toEqual(['LEY 99002', 'LEY 99003'])
    expect(
      repealed('Se deroga el Decreto de Urgencia 022-2019, Decreto de Urgencia que promueve el cine.'),
    ).toEqual(['DU 22-2019'])
    expect(repealed('Se deja sin efecto el Decreto Legislativo 99004, que regula los bonos.')).toEqual([
      'DLEG 99004',
    ])
    expect(repealed('Déjese sin efecto la Ley N° 99005.')).toEqual(['LEY 99005'])
    // Parts of a norm, as before: nothing repealed whole.
    expect(
      repealed('Se deroga el literal a) del numeral 1 del artículo 261 del Decreto Legislativo 957.'),
    ).toEqual([])
    expect(repealed('Se derogan los artículos 3 y 4 de la Ley 99006, Ley que amplía los plazos.')).toEqual([])
    expect(
      repealed('Déjese sin efecto el Artículo 11 del Decreto Legislativo Nº 848 y su norma reglamentaria.'),
    ).toEqual([])
    // A norm that says how it may be repealed repeals nothing.
    expect(repealed('La presente ley se deroga sólo por otra ley.')).toEqual([])
  })

  it('leaves out a part of a norm, and the norm its appositive names again', () => {
    expect(
      repealed('Derógase el artículo 13 de la Ley 27815, Ley del Código de Ética de la Función Pública.'),
    ).toEqual([])
    expect(
      repealed(
        'Deróguese el artículo 13 de la Ley de Formalización de la Pequeña Minería, Ley 27651, en lo que se refiere a las multas.',
      ),
    ).toEqual([])
    expect(
      repealed(
        'Deróganse el artículo 2 del Decreto de Urgencia 071-2001 y la primera disposición complementaria de la Ley 27333.',
      ),
    ).toEqual([])
  })

  it('calls a repeal with exceptions partial, and a repeal only of what opposes it none', () => {
    expect(
      repealed(
        'Deróganse la Ley 28852, Ley de Promoción, con excepción de los artículos 1 y 3; la Ley 27308, Ley Forestal, sus normas modificatorias; y las normas que se opongan a la presente Ley, con excepción de la Ley 26496, Régimen de la Vicuña.',
      ),
    ).toEqual(['LEY 28852 parcial', 'LEY 27308'])
    expect(repealed('Derógase la Ley Nº 28977 con excepción de sus artículos 1, 9 y 10.')).toEqual([
      'LEY 28977 parcial',
    ])
    expect(
      repealed(
        'Deróganse el Decreto Ley Nº 19479, excepto los artículos 19 y 20, el Decreto Legislativo Nº 822 en la parte que se oponga a la presente Ley.',
      ),
    ).toEqual(['DL 19479 parcial'])
    // The scanner broke the sentence into lines: its exception is still the norm's.
    expect(
      repealed(
        'Derógase la Ley N* 28411, Ley General del Sistema\n\nNacional de Presupuesto, salvo la Cuarta\nDisposición Final.',
      ),
    ).toEqual(['LEY 28411 parcial'])
  })

  it('names a norm whose numbers start again each year only with its year', () => {
    expect(repealed('Derógase el Decreto de Urgencia 034-98 y el Decreto de Urgencia 019.')).toEqual([
      'DU 34-1998',
    ])
    expect(repealed('Derógase el Decreto de Urgencia N° 071-2001.')).toEqual(['DU 71-2001'])
  })

  it('reads nothing where nothing is repealed', () => {
    expect(repealed('Deróganse las disposiciones que se opongan a la presente Ley.')).toEqual([])
    expect(repealed('La Ley 27986 regula el trabajo del hogar; el juez deroga su sentencia.')).toEqual([])
    // A scanned page's header and the next column run into the general clause: not a list of repealed norms.
    expect(
      repealed(
        'Quedan derogadas todas las leyes que\nse opongan a la presente Ley, así como disposiciones que\n\nEl Peruano\n\nformando parte de otras normas, puedan contravenir lo De conformidad con, la Ley N* 29158, la Ley N* 27067,',
      ),
    ).toEqual([])
  })
})

// Two made-up laws on one subject: the old one names it more often; the new one's derogating disposition repeals it.
const law = (identifier: string, title: string, published: string, text: string) =>
  madeUpLaw({ identifier, title, published, text })
const OLD = 'LEY-90301-2001'
const NEW = 'LEY-90302-2020'
const FILES = {
  [`${OLD}.md`]: law(
    OLD,
    'Ley de los apicultores',
    '2001-05-02',
    '### Artículo 1.- Registro de apicultores\nEl registro de apicultores inscribe a los apicultores y a sus colmenas; todo apicultor se inscribe en el registro de apicultores.\n',
  ),
  [`${NEW}.md`]: law(
    NEW,
    'Ley de la apicultura',
    '2020-09-17',
    '### Artículo 1.- Registro\nLa autoridad sanitaria lleva el registro de apicultores y de colmenas.\n\n## DISPOSICIÓN COMPLEMENTARIA DEROGATORIA\n**ÚNICA. Derogación**\nDerógase la **Ley 90301**, Ley de los apicultores, y sus normas reglamentarias.\n',
  ),
}

describe('the norms of the folder a later one repeals', () => {
  let index: MadeUpIndex
  beforeAll(async () => {
    index = await indexMadeUpNorms(FILES)
  }, 120_000)
  afterAll(() => index?.close())

  const statuses = async () =>
    new Map(
      (
        await queryRows<{ identifier: string; status: string; by: string[] | null }>(
          index.database.db,
          sql`select identifier, status, metadata->'repealedBy' as by from corpus_documents order by identifier`,
        )
      ).map((r) => [r.identifier, `${r.status} ${JSON.stringify(r.by)}`]),
    )

  it('marks the repealed norm at ingestion, and search shows the law in force first', async () => {
    expect(await statuses()).toEqual(
      new Map([
        [OLD, `repealed ["${NEW}"]`],
        [NEW, 'in_force null'],
      ]),
    )
    const hits = await searchCorpus(index.database.db, { q: 'registro de apicultores' })
    expect(`${hits[0]?.identifier} ${hits[0]?.label}`).toBe(`${NEW} Artículo 1`)
    const old = hits.find((h) => h.identifier === OLD)!
    expect(old.status).toBe('repealed')
    // The drawer names the norm that repealed it, before the article's own notes.
    expect(toSourceItem(old).notes[0]).toBe('Norma derogada por: Ley de la apicultura')
    expect(toSourceItem(hits[0]!).notes).toEqual([])
    expect(toSourceItem({ ...old, status: 'partially_repealed' }).notes[0]).toBe(
      'Norma derogada en parte por: Ley de la apicultura',
    )
    // Without the prior the old law, which names the subject more often, would lead: the mark is what moved it.
    const before = RANK.repealed
    RANK.repealed = 1
    try {
      expect((await searchCorpus(index.database.db, { q: 'registro de apicultores' }))[0]?.identifier).toBe(
        OLD,
      )
    } finally {
      RANK.repealed = before
    }
  })

  it("renders the repealed norm's PDF edition again with the status the drawer shows", async () => {
    const [original] = await queryRows<{ pdf: Buffer }>(
      index.database.db,
      sql`select o.pdf from corpus_originals o join corpus_documents d on d.id = o.document_id
          where d.identifier = ${OLD}`,
    )
    const lines = (await pdfPageLines(original!.pdf)).flat()
    expect(lines).toContain('Estado: Derogada')
    expect(lines).not.toContain('Estado: Vigente')
  })

  it('is read at the start of a database indexed before repeals were read, the edition rendered again', async () => {
    const db = index.database.db
    await db.execute(
      sql`update corpus_documents set status = 'in_force', metadata = metadata - 'repealedBy' - 'editionStatus'`,
    )
    await db.execute(sql`delete from corpus_files where path = ':repeals'`)
    const rebuilt = await ensureDerivedIndexes(db, index.corpusDir)
    expect(rebuilt.map((r) => r.index)).toEqual(['Normas derogadas', 'Listas de candidatos', 'Ediciones PDF'])
    expect((await statuses()).get(OLD)).toBe(`repealed ["${NEW}"]`)
    // Once read, a start has nothing to do.
    expect(await ensureDerivedIndexes(db, index.corpusDir)).toEqual([])
  })

  it('undoes the mark when the repealing norm leaves the folder, and marks nothing twice', async () => {
    const db = index.database.db
    expect(await buildRepeals(db)).toBe(0)
    await db.execute(sql`delete from corpus_documents where identifier = ${NEW}`)
    expect(await buildRepeals(db)).toBe(1)
    expect(await statuses()).toEqual(new Map([[OLD, 'in_force null']]))
  })

  it('renders the edition again once its mark is undone, and a file it cannot read fails no start', async () => {
    // After the test above: the old law is in force again, its edition still says 'Derogada'.
    const db = index.database.db
    const file = path.join(corpusFolders(index.corpusDir).norms, `${OLD}.md`)
    const text = readFileSync(file)
    writeFileSync(file, Buffer.from([0xff, 0xfe, 0x00, 0x41]))
    const told: string[] = []
    expect(await renderStatusEditions(db, index.corpusDir, (f) => told.push(f))).toBe(0)
    expect(told).toEqual([expect.stringContaining(`${OLD}.md`)])
    // The start goes on, and its log warns which edition still states the old status.
    expect(await ensureDerivedIndexes(db, index.corpusDir)).toEqual([
      { index: 'Ediciones PDF', why: expect.stringContaining(`${OLD}.md`), failed: true },
    ])
    writeFileSync(file, text)
    expect(await renderStatusEditions(db, index.corpusDir)).toBe(1)
    const [original] = await queryRows<{ pdf: Buffer }>(
      db,
      sql`select o.pdf from corpus_originals o join corpus_documents d on d.id = o.document_id
          where d.identifier = ${OLD}`,
    )
    expect((await pdfPageLines(original!.pdf)).flat()).toContain('Estado: Vigente')
    expect(await renderStatusEditions(db, index.corpusDir)).toBe(0)
  })
})
