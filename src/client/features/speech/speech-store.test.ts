import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSpeechStore, pickSpanishVoice, type SpeechEngine } from './speech-store'

type FakeUtterance = {
  text: string
  lang: string
  voice: unknown
  onend: (() => void) | null
  onerror: ((e: { error: string }) => void) | null
}

function fakeEngine(voices: { lang: string; name: string }[] = [{ lang: 'es-ES', name: 'Lucía' }]) {
  const spoken: FakeUtterance[] = []
  const engine: SpeechEngine = {
    speak: (u) => void spoken.push(u as unknown as FakeUtterance),
    cancel: vi.fn(),
    getVoices: () => voices as unknown as SpeechSynthesisVoice[],
  }
  const utterance = (text: string) =>
    ({ text, lang: '', voice: null, onend: null, onerror: null }) as unknown as SpeechSynthesisUtterance
  return { engine, spoken, utterance }
}

afterEach(() => vi.restoreAllMocks())

describe('speech store', () => {
  it('speaks chunk after chunk and returns to idle after the last one', () => {
    const f = fakeEngine()
    const store = createSpeechStore(() => f.engine, f.utterance)
    store.getState().speak('Uno. Dos.', { messageId: 'm1', contextId: 'c1' })
    expect(store.getState()).toMatchObject({ status: 'speaking', messageId: 'm1', contextId: 'c1' })
    expect(f.spoken.map((u) => u.text)).toEqual(['Uno.'])
    expect(f.spoken[0]!.lang).toBe('es-ES')
    f.spoken[0]!.onend!()
    expect(f.spoken.map((u) => u.text)).toEqual(['Uno.', 'Dos.'])
    f.spoken[1]!.onend!()
    expect(store.getState()).toMatchObject({ status: 'idle', messageId: null, contextId: null })
  })

  it('ignores empty text and stops what plays before starting anew', () => {
    const f = fakeEngine()
    const store = createSpeechStore(() => f.engine, f.utterance)
    store.getState().speak('   ', { messageId: 'm0' })
    expect(f.spoken).toHaveLength(0)
    store.getState().speak('Primero. Largo.', { messageId: 'm1' })
    store.getState().speak('Segundo.', { messageId: 'm2' })
    expect(f.engine.cancel).toHaveBeenCalled()
    // The first run's late callback must not advance it.
    f.spoken[0]!.onend!()
    expect(f.spoken.map((u) => u.text)).toEqual(['Primero.', 'Segundo.'])
    expect(store.getState().messageId).toBe('m2')
  })

  it('stops on a speech error and on stop()', () => {
    const f = fakeEngine()
    const store = createSpeechStore(() => f.engine, f.utterance)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    store.getState().speak('Uno. Dos.', { messageId: 'm1' })
    f.spoken[0]!.onerror!({ error: 'synthesis-failed' })
    expect(store.getState().status).toBe('idle')
    expect(f.spoken).toHaveLength(1)
    store.getState().speak('Tres. Cuatro.', { messageId: 'm2' })
    store.getState().stop()
    expect(store.getState().status).toBe('idle')
    f.spoken[2]?.onend?.()
    expect(f.spoken).toHaveLength(2)
  })

  it("logs 'Text-to-speech no soportado' where there is no speech synthesis", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createSpeechStore(() => null)
    store.getState().speak('Hola.', { messageId: 'm1' })
    expect(error).toHaveBeenCalledWith('Text-to-speech no soportado')
    expect(store.getState().status).toBe('idle')
  })

  it('prefers a Peruvian, then a Latin American Spanish voice', () => {
    const v = (lang: string) => ({ lang, name: lang }) as SpeechSynthesisVoice
    expect(pickSpanishVoice([v('en-US'), v('es-ES'), v('es-PE')])?.lang).toBe('es-PE')
    expect(pickSpanishVoice([v('es-ES'), v('es-MX')])?.lang).toBe('es-MX')
    expect(pickSpanishVoice([v('es_AR')])?.lang).toBe('es_AR')
    expect(pickSpanishVoice([v('en-GB')])).toBeNull()
  })
})
