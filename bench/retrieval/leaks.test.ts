import { describe, expect, it } from 'vitest'
import { findLeaks } from './leaks'
import { packTexts } from './pack-texts'
import { allEvaluationQuestions } from './questions'

describe('evaluation questions stay out of the knowledge pack', () => {
  it('no descriptor, thesaurus key or area key restates a question of any split', () => {
    const leaks = findLeaks(allEvaluationQuestions(), packTexts())
    expect(leaks.map((l) => `${l.questionId} ~ ${l.where}: ${l.text}`)).toEqual([])
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
