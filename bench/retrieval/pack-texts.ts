import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  descriptorsDir,
  loadConversation,
  loadDomains,
  loadForeign,
  loadLegalStories,
  loadNonLegal,
  loadNormDescriptor,
  loadThesaurus,
  normDescriptorsDir,
} from '../../src/server/corpus/pack/pack-data'
import type { LeakSource } from './leaks'

/**
 * Every piece of people's-words data in the country pack, each named by where it stands. Law names are left out: a
 * question that names a law by its title ('artículo 18 del Código de Protección y Defensa del Consumidor') holds the
 * title because the law bears it, not because the list copied the question; so are a norm descriptor's names.
 */
export function packTexts(opts: { names?: boolean } = {}): LeakSource[] {
  const out: LeakSource[] = []
  const dir = descriptorsDir()
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')))
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return
        const d = JSON.parse(line) as { phrases?: string[]; questions?: string[] }
        for (const text of [...(d.phrases ?? []), ...(d.questions ?? [])])
          out.push({ where: `descriptors/${file}:${i + 1}`, text })
      })
  const normDir = normDescriptorsDir()
  const normFiles = existsSync(normDir) ? readdirSync(normDir).filter((f) => f.endsWith('.json')) : []
  for (const file of normFiles) {
    // Loaded through the schema: a committed descriptor that does not validate fails here too.
    const d = loadNormDescriptor(path.basename(file, '.json'))!
    for (const text of [d.subject, ...d.concerns, ...d.questions, ...(opts.names ? d.names : [])])
      out.push({ where: `norm-descriptors/${file}`, text })
  }
  const key = (k: string) => k.replace(/[!*]/g, '')
  loadThesaurus().forEach((e, i) => {
    for (const k of e.keys) out.push({ where: `thesaurus#${i}`, text: key(k) })
  })
  for (const d of loadDomains()) for (const k of d.keys) out.push({ where: 'domains', text: key(k) })
  for (const text of loadLegalStories()) out.push({ where: 'legal-stories', text })
  return [...out, ...chatTexts()]
}

/**
 * The pack's data that leads an answer to abstain: conversation phrases, the everyday messages that teach the
 * legal-intent classifier a chat line (research/legal-intent.ts), other countries' names. A restated out-of-scope
 * message here would inflate the out-of-scope figures as a restated question inflates recall.
 */
export function chatTexts(): LeakSource[] {
  const out: LeakSource[] = []
  for (const text of Object.values(loadConversation()).flat()) out.push({ where: 'conversation', text })
  for (const text of loadNonLegal()) out.push({ where: 'non-legal', text })
  for (const c of loadForeign())
    for (const text of [...c.demonyms, ...c.places, ...c.legalBodies])
      out.push({ where: `foreign#${c.iso}`, text })
  return out
}
