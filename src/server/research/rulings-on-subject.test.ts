import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestCorpus } from '../corpus/ingest/ingest'
import { askGeneral } from '../test/ask-general'
import { fixtureNorms, SHARED_NORMS } from '../test/fixture-corpus'
import { BACKENDS, createTestApp, type TestApp } from '../test/harness'
import { missing } from '../test/requirements'

/** A ruling record as metadata.json lists it (made-up cases), with only the fields ingestion reads. */
const record = (n: number, fields: Record<string, string>) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  fields: { nroexp: `00090${n}-2026`, palabras: '', normaDI: '', fechaResolucion: '01/07/2026', ...fields },
  detail: null,
  pdfFile: null,
})

const RULINGS = [
  // Shares the robbery tag (claim, keywords, words of its sumilla) and is about something else.
  record(1, {
    recurso: 'Extradición Activa',
    pretensiones: 'Robo Agravado Art. 189',
    palabras: 'Robo agravado,extradición',
    sala: 'Sala Penal Permanente',
    sumilla:
      'Se declara procedente la solicitud de extradición activa del ciudadano requerido por el delito de robo agravado, conforme al tratado bilateral vigente.',
  }),
  // Cites the very article the answer cites, on telling robbery from theft.
  record(2, {
    recurso: 'Recurso de Nulidad',
    pretensiones: 'Hurto Agravado Art. 186',
    normaDI: 'Código Penal : 189',
    palabras: 'Robo',
    sala: 'Sala Penal Transitoria',
    sumilla:
      'La violencia o la amenaza contra la persona separa el robo del hurto; sin ellas, el apoderamiento del bien ajeno es hurto.',
  }),
  // Cites art. 189 only as the crime charged: its issue is pre-trial detention.
  record(3, {
    recurso: 'Recurso de Nulidad',
    pretensiones: 'Robo Agravado Art. 189',
    normaDI: 'Código Penal : 189',
    palabras: 'Prisión preventiva,peligro de fuga',
    sala: 'Sala Penal Permanente',
    sumilla:
      'La inasistencia reiterada del acusado al juicio oral justifica revocar la comparecencia y dictar prisión preventiva.',
  }),
]

describe.skipIf(missing(fixtureNorms())).each(BACKENDS)(
  'rulings on the question’s subject on %s',
  (backend) => {
    let t: TestApp
    let corpusDir: string
    beforeAll(async () => {
      t = await createTestApp(backend)
      corpusDir = mkdtempSync(path.join(os.tmpdir(), 'lexia-rulings-'))
      mkdirSync(path.join(corpusDir, 'legalize-pe', 'pe'), { recursive: true })
      mkdirSync(path.join(corpusDir, 'pj-jurisprudencia'), { recursive: true })
      cpSync(
        path.join(SHARED_NORMS, 'DLEG-PENAL-1991.md'),
        path.join(corpusDir, 'legalize-pe', 'pe', 'DLEG-PENAL-1991.md'),
      )
      writeFileSync(path.join(corpusDir, 'pj-jurisprudencia', 'metadata.json'), JSON.stringify(RULINGS))
      const summary = await ingestCorpus(t.db, { corpusDir, selection: { kind: 'all' } })
      expect(summary.failed).toEqual([])
    }, 180_000)
    afterAll(async () => {
      await t?.close()
      if (corpusDir) rmSync(corpusDir, { recursive: true, force: true })
    })

    const ask = (question: string) => askGeneral(t.db, question)

    it('attaches the ruling citing the answer’s article, not those that only share its tag', async () => {
      // 'violencia' is what it holds beyond its tag: in a corpus of three rulings 'robo', in two sumillas of three, is
      // the court's everyday vocabulary and weighs nothing.
      const answer = await ask(
        'qué dice el artículo 189 del código penal sobre el robo agravado con violencia',
      )
      expect(answer.contextLeyes.map((s) => `${s.identifier} ${s.number}`)).toContain('DLEG-PENAL-1991 189')
      expect(answer.contextSentencias.map((s) => s.identifier)).toEqual(['RECURSO-DE-NULIDAD-902-2026'])
      expect(answer.answer).toContain('Recurso de Nulidad 902-2026')
      expect(answer.answer).not.toContain('Extradición Activa 901-2026')
    })

    it('attaches a ruling whose sumilla holds what the question asks beyond the shared tag', async () => {
      const answer = await ask('me pueden dictar prisión preventiva si estoy acusado de robo agravado')
      expect(answer.contextSentencias.map((s) => s.identifier)).toEqual(['RECURSO-DE-NULIDAD-903-2026'])
    })
  },
)
