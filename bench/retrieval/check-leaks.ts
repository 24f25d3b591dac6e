// npm run eval:leaks -- [--remove]
// Lists every item of the country pack (descriptors, thesaurus and area keys, norm descriptors) that restates an
// evaluation question of any split, or holds one word for word, names included (leaks.ts), and every item of its chat
// data (conversation, non-legal messages, other countries) that restates an out-of-scope message; --remove deletes
// them (other countries' entries are listed only: each is a reviewed name).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  descriptorsDir,
  legalStoryFiles,
  loadThesaurus,
  nonLegalFiles,
  normDescriptorsDir,
} from '../../src/server/corpus/pack/pack-data'
import { packDir } from '../../src/server/corpus/pack/pack-dir'
import { findLeaks, findVerbatim } from './leaks'
import { chatTexts, packTexts } from './pack-texts'
import { allEvaluationQuestions, outOfScopeMessages } from './questions'

const questions = allEvaluationQuestions()
// One pass over every item (questions filed once), each item named by its index to find its text again.
const named = packTexts({ names: true })
const verbatim = findVerbatim(
  questions,
  named.map((item, i) => ({ where: String(i), text: item.text })),
).map((v) => ({ ...v, where: named[Number(v.where)]!.where, text: named[Number(v.where)]!.text, overlap: 1 }))
// The chat data against the out-of-scope messages: restated, or held word for word ('cuéntame un chiste de loros').
const chat = chatTexts()
const chatVerbatim = findVerbatim(
  outOfScopeMessages(),
  chat.map((item, i) => ({ where: String(i), text: item.text })),
).map((v) => ({ ...v, where: chat[Number(v.where)]!.where, text: chat[Number(v.where)]!.text, overlap: 1 }))
const leaks = [
  ...findLeaks(questions, packTexts()),
  ...verbatim,
  ...findLeaks(outOfScopeMessages(), chat),
  ...chatVerbatim,
]
for (const l of leaks)
  console.log(`${l.questionId} ${l.overlap.toFixed(2)} «${l.question}» ~ ${l.where} «${l.text}»`)
console.log(`${leaks.length} fugas en ${new Set(leaks.map((l) => l.questionId)).size} preguntas`)

if (process.argv.includes('--remove') && leaks.length) {
  const leaked = new Set(leaks.map((l) => l.text))
  const dir = descriptorsDir()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n')
    const kept = lines.flatMap((line) => {
      if (!line.trim()) return [line]
      const d = JSON.parse(line) as {
        article: string
        phrases?: string[]
        questions?: string[]
        made?: unknown
      }
      const phrases = (d.phrases ?? []).filter((t) => !leaked.has(t))
      const questions = (d.questions ?? []).filter((t) => !leaked.has(t))
      if (phrases.length === (d.phrases ?? []).length && questions.length === (d.questions ?? []).length)
        return [line]
      // A generated line keeps its record of how it was made, even emptied (corpus:describe would ask again).
      if (!phrases.length && !questions.length && !d.made) return []
      return [JSON.stringify({ ...d, phrases, questions })]
    })
    writeFileSync(path.join(dir, file), kept.join('\n'))
  }
  const manifest = JSON.parse(readFileSync(path.join(packDir(), 'pack.json'), 'utf8')) as {
    thesaurus: string[]
  }
  const leakedKey = (k: string) => leaked.has(k.replace(/[!*]/g, ''))
  for (const name of manifest.thesaurus) {
    const file = path.join(packDir(), 'thesaurus', `${name}.json`)
    const entries = (JSON.parse(readFileSync(file, 'utf8')) as { keys: string[]; law: string }[])
      .map((e) => ({ ...e, keys: e.keys.filter((k) => !leakedKey(k)) }))
      .filter((e) => e.keys.length)
    writeFileSync(file, `[\n${entries.map((e) => `  ${JSON.stringify(e)}`).join(',\n')}\n]\n`)
  }
  // Norm descriptors keep their subject and names; a concern or question that restates a question goes.
  const normDir = normDescriptorsDir()
  for (const file of existsSync(normDir) ? readdirSync(normDir).filter((f) => f.endsWith('.json')) : []) {
    const descriptor = JSON.parse(readFileSync(path.join(normDir, file), 'utf8')) as {
      names: string[]
      concerns: string[]
      questions: string[]
    }
    const names = descriptor.names.filter((t) => !leaked.has(t))
    const concerns = descriptor.concerns.filter((t) => !leaked.has(t))
    const questions = descriptor.questions.filter((t) => !leaked.has(t))
    if (
      names.length === descriptor.names.length &&
      concerns.length === descriptor.concerns.length &&
      questions.length === descriptor.questions.length
    )
      continue
    writeFileSync(
      path.join(normDir, file),
      `${JSON.stringify({ ...descriptor, names, concerns, questions }, null, 2)}\n`,
    )
  }
  // Chat data: the conversation phrases and the everyday messages, by kind.
  const conversationFile = path.join(packDir(), 'conversation.json')
  const conversation = JSON.parse(readFileSync(conversationFile, 'utf8')) as Record<string, string[]>
  for (const kind of Object.keys(conversation))
    conversation[kind] = conversation[kind]!.filter((t) => !leaked.has(t))
  writeFileSync(conversationFile, `${JSON.stringify(conversation, null, 2)}\n`)
  // Messages by kind: the everyday ones and the legal problems told as stories.
  for (const file of [...nonLegalFiles(), ...legalStoryFiles()]) {
    const byKind = JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, string[]> }
    for (const kind of Object.keys(byKind.messages))
      byKind.messages[kind] = byKind.messages[kind]!.filter((t) => !leaked.has(t))
    writeFileSync(file, `${JSON.stringify(byKind, null, 2)}\n`)
  }
  console.log(
    `Quitadas del paquete: ${leaked.size} entradas (tesauro: ${loadThesaurus().length} entradas quedan)`,
  )
}
