import { describe, expect, it } from 'vitest'
import { loadConversation } from '../corpus/pack/pack-data'
import { conversation, conversationKind, conversationOnly } from './conversation'

// A pack of its own: the test says how phrases match, whatever the country's pack holds.
const pack = {
  greetings: ['hola', 'buenos dias'],
  thanks: ['gracias', 'mil gracias'],
  farewells: ['adios'],
  aboutLexia: [],
  smallTalk: ['jaja'],
  opinions: ['que opinas', 'quien es el mejor'],
}

describe('conversation phrases', () => {
  it('takes the longest phrase whole, leaving nothing of it to search for', () => {
    expect(conversation('mil gracias', pack)).toEqual({ kind: 'thanks', rest: '' })
  })

  it('finds a phrase as whole words, accents, case, punctuation and stretched letters aside', () => {
    expect(conversationKind('¡Buenos días!', pack)).toBe('greetings')
    expect(conversationKind('HOLAAA', pack)).toBe('greetings')
    expect(conversationKind('muchas gracias', pack)).toBe('thanks')
    expect(conversationKind('gracias, adiós', pack)).toBe('farewells')
  })

  it('leaves the rest of the message to search: the phrase is no evidence of a legal subject', () => {
    expect(conversation('Hola, buenos días: me despidieron sin causa', pack)).toEqual({
      kind: 'greetings',
      rest: 'me despidieron sin causa',
    })
    expect(conversation('gracias!!', pack)).toEqual({ kind: 'thanks', rest: '' })
    expect(conversation('derecho de gracia', pack)).toBeNull()
  })

  it('does not find one inside another word or in a legal question without it', () => {
    expect(conversationKind('buenos oficios en el arbitraje', pack)).toBeNull()
    expect(conversationKind('me despidieron sin causa', pack)).toBeNull()
    expect(conversationKind('graciable', pack)).toBeNull()
  })

  it('answers a request for an opinion with the friendly reply, whatever legal words the rest holds', () => {
    const asked = conversation('Hola, ¿qué opinas de la reforma del código tributario?', pack)
    expect(asked).toEqual({ kind: 'opinions', rest: 'de la reforma del codigo tributario' })
    expect(conversationOnly(asked)).toBe(true)
    expect(conversationOnly(conversation('hola, me despidieron sin causa', pack))).toBe(false)
    expect(conversationOnly(conversation('gracias', pack))).toBe(true)
    expect(conversationOnly(conversation('el mejor postor en un remate', pack))).toBe(false)
  })

  it('reads the country pack’s conversation.json against its schema', () => {
    const own = loadConversation()
    expect(Object.keys(own).sort()).toEqual([
      'aboutLexia',
      'farewells',
      'greetings',
      'opinions',
      'smallTalk',
      'thanks',
    ])
    for (const list of Object.values(own)) for (const p of list) expect(p.trim()).toBe(p)
  })
})
