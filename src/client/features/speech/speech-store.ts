import { create } from 'zustand'
import { speechChunks } from './speech-text'

/** What the reader needs of the browser's speech synthesis; tests pass a fake. */
export type SpeechEngine = Pick<SpeechSynthesis, 'speak' | 'cancel' | 'getVoices'>
type UtteranceFactory = (text: string) => SpeechSynthesisUtterance

/** The Peruvian voice if the system has one, else the nearest Spanish. */
const VOICE_PREFERENCE = ['es-PE', 'es-419', 'es-US', 'es-MX', 'es-CO', 'es-ES']

export function pickSpanishVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const norm = (lang: string) => lang.replace('_', '-').toLowerCase()
  for (const lang of VOICE_PREFERENCE) {
    const v = voices.find((voice) => norm(voice.lang) === lang.toLowerCase())
    if (v) return v
  }
  return voices.find((v) => norm(v.lang).startsWith('es')) ?? null
}

export type SpeechTarget = { messageId: string; contextId?: string | null }

type SpeechState = {
  status: 'idle' | 'speaking'
  messageId: string | null
  contextId: string | null
  /** Stops whatever is playing, then reads `text` chunk by chunk. Empty text is ignored. */
  speak: (text: string, target: SpeechTarget) => void
  stop: () => void
}

function defaultEngine(): SpeechEngine | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null
}

const defaultUtterance: UtteranceFactory = (text) => new SpeechSynthesisUtterance(text)

/** Spec §4 reading aloud: one reader per tab, idle or speaking, with the active message and context ids. */
export function createSpeechStore(engine = defaultEngine, utterance = defaultUtterance) {
  // Each start gets a generation; callbacks of a stopped run see a stale one and do nothing.
  let generation = 0
  return create<SpeechState>()((set, get) => ({
    status: 'idle',
    messageId: null,
    contextId: null,
    stop() {
      generation++
      engine()?.cancel()
      if (get().status !== 'idle' || get().messageId)
        set({ status: 'idle', messageId: null, contextId: null })
    },
    speak(text, target) {
      const synth = engine()
      if (!synth) {
        console.error('Text-to-speech no soportado')
        return
      }
      const chunks = speechChunks(text)
      if (chunks.length === 0) return
      get().stop()
      const run = ++generation
      const voice = pickSpanishVoice(synth.getVoices())
      set({ status: 'speaking', messageId: target.messageId, contextId: target.contextId ?? null })
      const finish = () => {
        if (run !== generation) return
        generation++
        set({ status: 'idle', messageId: null, contextId: null })
      }
      const say = (index: number) => {
        if (run !== generation) return
        if (index >= chunks.length) return finish()
        const u = utterance(chunks[index]!)
        u.lang = voice?.lang ?? 'es-PE'
        if (voice) u.voice = voice
        u.onend = () => say(index + 1)
        u.onerror = (event) => {
          // 'interrupted'/'canceled' come from our own stop(); anything else is a real failure.
          if (run === generation && !['interrupted', 'canceled'].includes(event.error)) {
            console.warn('Error de lectura en voz alta', event.error)
          }
          if (run === generation) synth.cancel()
          finish()
        }
        synth.speak(u)
      }
      say(0)
    },
  }))
}

export const useSpeech = createSpeechStore()
