import { describe, expect, it } from 'vitest'
import type { ConsultationRecord } from '../../../shared/consultation-schemas'
import type { ChatEntry } from './chat-types'
import { textEntry, unrecordedLocal } from './reconcile'

const rec = (history_id: number, question: string): ConsultationRecord => ({
  history_id,
  session_id: 's',
  agent_id: 'general',
  question,
  answer: 'Respuesta.',
  partial_answer: null,
  context_leyes: [],
  context_sentencias: [],
  cost: 1,
  state: 'charged',
  outcome: 'answered',
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
})

const NETWORK = 'Error de red. Revisa tu conexión e inténtalo de nuevo.'
const ids = (entries: ChatEntry[]) => entries.map((e) => e.id)

describe('unrecordedLocal', () => {
  it('drops a question the server recorded since, and the network error its sending met', () => {
    const shown = [textEntry('local-1', 'user', 'plazo de la CTS'), textEntry('err-1', 'error', NETWORK)]
    expect(unrecordedLocal(shown, [rec(9, 'plazo de la CTS')])).toEqual([])
  })

  it('matches the same words however their spaces or accents were encoded', () => {
    const shown = [textEntry('local-1', 'user', 'plazo  de la\nCTS en diciembre'.normalize('NFD'))]
    expect(unrecordedLocal(shown, [rec(9, 'plazo de la CTS en diciembre')])).toEqual([])
  })

  it('keeps a question the server never recorded, with its error', () => {
    const shown = [
      textEntry('q-3', 'user', 'otra cosa'),
      textEntry('local-1', 'user', 'plazo de la CTS'),
      textEntry('err-1', 'error', NETWORK),
    ]
    expect(ids(unrecordedLocal(shown, [rec(3, 'otra cosa')]))).toEqual(['local-1', 'err-1'])
  })

  it('does not take an older record with the same words, already on screen, for the new question', () => {
    const shown = [
      textEntry('q-3', 'user', 'plazo de la CTS'),
      textEntry('a-3', 'agent', 'x'),
      textEntry('local-1', 'user', 'plazo de la CTS'),
    ]
    expect(ids(unrecordedLocal(shown, [rec(3, 'plazo de la CTS')]))).toEqual(['local-1'])
  })

  it('gives each record to one question only: a question asked twice needs two records', () => {
    const shown = [
      textEntry('local-1', 'user', 'plazo de la CTS'),
      textEntry('err-1', 'error', NETWORK),
      textEntry('local-2', 'user', 'plazo de la CTS'),
      textEntry('err-2', 'error', 'No tienes créditos suficientes'),
    ]
    expect(ids(unrecordedLocal(shown, [rec(9, 'plazo de la CTS')]))).toEqual(['local-2', 'err-2'])
  })

  it('drops a failed question once a question asked after it is recorded', () => {
    const shown = [
      textEntry('local-1', 'user', 'plazo de la CTS'),
      textEntry('err-1', 'error', 'No tienes créditos suficientes'),
      textEntry('local-2', 'user', 'cuánto es la CTS'),
    ]
    expect(unrecordedLocal(shown, [rec(9, 'cuánto es la CTS')])).toEqual([])
  })

  it('drops an error that follows no question of this tab', () => {
    expect(
      unrecordedLocal([textEntry('q-3', 'user', 'x'), textEntry('err-1', 'error', NETWORK)], [rec(3, 'x')]),
    ).toEqual([])
  })
})
