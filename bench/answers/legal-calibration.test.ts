import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAKE_SOURCE } from '../../src/server/consultations/fake-gateway'
import type { Ask } from './harness'
import { loadLegalCalibration, measureLegalCalibration } from './legal-calibration'

/** An agent that answers with a source the messages that name a 'ley', and abstains on the others. */
const ask: Ask = async (message) => {
  const cites = message.includes('ley')
  return {
    answer: {
      answer: cites ? 'Según la ley [1]' : 'No encontré nada',
      historyId: null,
      skipCreditDeduction: !cites,
      state: null,
      contextLeyes: cites ? [FAKE_SOURCE] : [],
      contextSentencias: [],
    },
    ms: 1,
    fallback: null,
  }
}

describe('legal calibration set', () => {
  it('loads every kind as numbered messages, and refuses a file without its provenance', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'legal-calibration-'))
    try {
      const file = path.join(dir, 'set.json')
      const made = { by: 'writer', date: '2026-11-27', instructions: 'brief' }
      writeFileSync(file, JSON.stringify({ made, messages: { trabajo: ['a', 'b'], familia: ['c'] } }))
      expect(loadLegalCalibration(file)).toEqual([
        { id: 'trabajo-1', message: 'a', kind: 'trabajo' },
        { id: 'trabajo-2', message: 'b', kind: 'trabajo' },
        { id: 'familia-1', message: 'c', kind: 'familia' },
      ])
      writeFileSync(file, JSON.stringify({ messages: { trabajo: ['a'] } }))
      expect(() => loadLegalCalibration(file)).toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('counts per kind the messages answered with a source and lists the ones abstained on', async () => {
    const messages = [
      { id: 't-1', message: 'qué dice la ley de CTS', kind: 'trabajo' },
      { id: 't-2', message: 'me botaron, qué hago', kind: 'trabajo' },
      { id: 'f-1', message: 'la ley de alimentos', kind: 'familia' },
    ]
    const { byKind, abstained } = await measureLegalCalibration({ ask, messages, concurrency: 2 })
    expect(Object.fromEntries(byKind)).toEqual({
      trabajo: { n: 2, silent: 1, charged: 1 },
      familia: { n: 1, silent: 0, charged: 1 },
    })
    expect(abstained).toEqual(['t-2 · me botaron, qué hago'])
  })

  it('the committed set holds at least 400 distinct messages', () => {
    const all = loadLegalCalibration()
    expect(new Set(all.map((m) => m.message)).size).toBe(all.length)
    expect(all.length).toBeGreaterThanOrEqual(400)
  })
})
