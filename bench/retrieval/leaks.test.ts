import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../src/server/lib/project-root'
import { loadLegalCalibration } from '../answers/legal-calibration'
import { findLeaks, findVerbatim } from './leaks'
import { chatTexts, packTexts } from './pack-texts'
import { allEvaluationQuestions, outOfScopeMessages } from './questions'

describe('evaluation questions stay out of the knowledge pack', () => {
  it('no descriptor, thesaurus key or area key restates a question of any split', () => {
    const leaks = findLeaks(allEvaluationQuestions(), packTexts())
    expect(leaks.map((l) => `${l.questionId} ~ ${l.where}: ${l.text}`)).toEqual([])
    // About 12 s of CPU (every pack text against every question); a loaded machine doubles or triples it.
  }, 120_000)

  it('no chat data of the pack restates a message of either out-of-scope set (they are evaluation data too)', () => {
    const messages = outOfScopeMessages()
    expect(messages.length).toBeGreaterThanOrEqual(160)
    const leaks = findLeaks(messages, chatTexts())
    expect(leaks.map((l) => `${l.questionId} ~ ${l.where}: ${l.text}`)).toEqual([])
  })

  it('no message of the legal calibration set restates a question of any split (the gate may be fitted to it)', () => {
    const messages = loadLegalCalibration().map((m) => ({ where: m.id, text: m.message }))
    const leaks = findLeaks(allEvaluationQuestions(), messages)
    // Ids only: the message would show which question it restates.
    expect(leaks.map((l) => `${l.questionId} ~ ${l.where}`)).toEqual([])
  })

  it('stand word for word nowhere in what is evaluated: code, data, prompts, help (bench/ and tests/ aside)', () => {
    const files = execFileSync('git', ['ls-files', '--', ':!bench', ':!tests'], {
      cwd: projectRoot(),
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
    const texts = files.flatMap((file) => {
      const full = path.join(projectRoot(), file)
      if (!existsSync(full)) return []
      const text = readFileSync(full, 'utf8')
      return text.includes('\u0000') ? [] : [{ where: file, text }]
    })
    expect(texts.length).toBeGreaterThan(100)
    const found = findVerbatim([...allEvaluationQuestions(), ...outOfScopeMessages()], texts)
    expect(found.map((v) => `${v.questionId} in ${v.where}:${v.line}`)).toEqual([])
  })

  it('finds a question written out inside a line, accents and case aside', () => {
    const questions = [{ id: 'x1', question: '¿Puedo cambiarme el nombre?' }]
    expect(
      findVerbatim(questions, [{ where: 'a', text: 'uno\n¿puedo CAMBIARME el nombre y ante quién?' }]),
    ).toEqual([{ questionId: 'x1', question: '¿Puedo cambiarme el nombre?', where: 'a', line: 2 }])
    expect(findVerbatim(questions, [{ where: 'b', text: 'puedo cambiarme de nombre' }])).toEqual([])
  })

  it('flags a restatement, accents and inflections aside, and not a shared topic', () => {
    const questions = [{ id: 'x1', question: '¿Maltratar a un perro es delito?' }]
    expect(findLeaks(questions, [{ where: 'a', text: 'maltrataron a mi perro, es un delito' }])).toHaveLength(
      1,
    )
    expect(findLeaks(questions, [{ where: 'b', text: 'maltrato animal' }])).toHaveLength(0)
    expect(
      findLeaks(questions, [
        { where: 'c', text: 'el delito de maltrato a animales domésticos y su pena en el código' },
      ]),
    ).toHaveLength(0)
  })
})
