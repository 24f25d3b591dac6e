import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadLegalStories } from '../corpus/pack/pack-data'
import {
  type IntentModel,
  LEGAL_INTENT_FILE,
  LEGAL_INTENT_MODEL_ENV,
  legalIntentFile,
  legalIntentFrom,
  packExamples,
  trainLegalIntent,
} from './legal-intent'

// Invented examples: the test says how the classifier reads them, whatever the country pack holds.
const legal = [
  '¿cuántos días de vacaciones me corresponden al año?',
  'me despidieron sin aviso, me tienen que pagar una indemnización',
  'mi arrendador no me devuelve la garantía del alquiler',
  'cuántos años de cárcel por arrebatar un celular',
  'quiero divorciarme, qué trámite hago en la municipalidad',
  'la empresa no me paga la gratificación de julio',
  'cuánto tiempo tengo para apelar una sentencia',
  '¿pueden embargar mi sueldo por una deuda?',
]
const other = [
  '¿cómo preparo un arroz con pollo?',
  'recomiéndame una serie para el fin de semana',
  'mi celular no carga, qué app uso para limpiar la memoria',
  'quién ganó el partido de ayer',
  'cuántos litros de agua tomo después de correr',
  'cuéntame algo gracioso',
  'dame una receta de postre con manzana',
  'qué película de terror me recomiendas',
]

describe('legal intent', () => {
  const intent = trainLegalIntent({ legal, other })

  it('reads a legal question as legal and a chat line as not, by its words together', () => {
    expect(intent.odds('me despidieron, me tienen que pagar vacaciones?')).toBeGreaterThan(0)
    expect(intent.odds('¿una receta de pollo para el almuerzo?')).toBeLessThan(0)
    // 'celular' stands in both kinds: what stands beside it decides.
    expect(intent.odds('le arrebataron el celular a mi hijo, cuántos años de cárcel le dan')).toBeGreaterThan(
      0,
    )
    expect(intent.odds('mi celular no carga la app')).toBeLessThan(0)
  })

  it('says nothing of words it never saw, and does not lean to the kind it has more examples of', () => {
    expect(intent.odds('zxq wvut')).toBe(0)
    // Twenty times the legal examples (the pack has far more legal questions than chat lines) moves no chat line
    // towards legal: the share of examples each kind has is no evidence about a message.
    const more = trainLegalIntent({ legal: Array(20).fill(legal).flat(), other })
    for (const line of ['mi celular no carga', 'cuéntame algo gracioso del partido'])
      expect(more.odds(line)).toBeLessThanOrEqual(intent.odds(line))
    expect(more.odds('me despidieron, me pagan la gratificación?')).toBeGreaterThan(0)
  })

  it('is read back from the file another process wrote, for the same examples only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lexia-intent-'))
    try {
      const file = path.join(dir, 'modelo.json')
      const lines = [
        'me despidieron, me tienen que pagar vacaciones?',
        '¿una receta de pollo para el almuerzo?',
        'le arrebataron el celular a mi hijo, cuántos años de cárcel le dan',
        'mi celular no carga la app',
        'zxq wvut',
      ]
      const oddsOf = (i: { odds(m: string): number }) => lines.map((l) => i.odds(l))
      const taught = legalIntentFrom({ legal, other }, file)
      expect(oddsOf(taught)).toEqual(oddsOf(intent))
      const written = readFileSync(file, 'utf8')
      // Read back: the same odds, and the file left as it was.
      expect(oddsOf(legalIntentFrom({ legal, other }, file))).toEqual(oddsOf(intent))
      expect(readFileSync(file, 'utf8')).toBe(written)
      // A model of other examples is not used: taught again and written for these.
      const fewer = { legal: legal.slice(0, 4), other }
      expect(oddsOf(legalIntentFrom(fewer, file))).toEqual(oddsOf(trainLegalIntent(fewer)))
      expect(readFileSync(file, 'utf8')).not.toBe(written)
      // Nor a file cut short.
      writeFileSync(file, written.slice(0, 100))
      expect(oddsOf(legalIntentFrom({ legal, other }, file))).toEqual(oddsOf(intent))
      expect((JSON.parse(readFileSync(file, 'utf8')) as IntentModel).learnings.length).toBeGreaterThan(100)
      // A place it cannot write to still gives this process its classifier.
      const nowhere = path.join(dir, 'no-existe', 'modelo.json')
      expect(oddsOf(legalIntentFrom({ legal, other }, nowhere))).toEqual(oddsOf(intent))
      expect(existsSync(nowhere)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is kept by a server in its data folder, unless the run names another file', () => {
    expect(legalIntentFile('/datos', {})).toBe(path.join('/datos', LEGAL_INTENT_FILE))
    expect(legalIntentFile('/datos', { [LEGAL_INTENT_MODEL_ENV]: '/tmp/modelo.json' })).toBe(
      '/tmp/modelo.json',
    )
  })

  it('learns from the country pack: people’s legal questions and stories, everyday messages and conversation', () => {
    const pack = packExamples()
    expect(pack.legal.length).toBeGreaterThan(10_000)
    expect(pack.other.length).toBeGreaterThan(1_000)
    // Problems told as stories count as legal questions, and never as chat lines.
    const stories = loadLegalStories()
    expect(stories.length).toBeGreaterThan(1_000)
    const legal = new Set(pack.legal)
    const other = new Set(pack.other)
    expect(stories.filter((s) => !legal.has(s) || other.has(s))).toEqual([])
  })

  it('reads a story told in everyday words as legal once the pack’s stories are learnt, and a chat line still not', () => {
    const story =
      'el dueño del local no me quiere devolver lo que le dejé de adelanto y ya me salí hace un mes'
    const chat = 'el dueño del local de pollos me dijo que mañana abren temprano'
    const withStories = trainLegalIntent({
      legal: [...legal, 'me salí del cuarto y el dueño no me devuelve el adelanto que le dejé'],
      other,
    })
    expect(withStories.odds(story)).toBeGreaterThan(intent.odds(story))
    expect(withStories.odds(chat)).toBeLessThan(withStories.odds(story))
  })
})
