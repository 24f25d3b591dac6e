import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { loadPackManifest } from './manifest'
import { loadDomains, loadLawNames } from './pack-data'
import { loadResearchScopes } from './research-scopes'

/**
 * Every norm Peru's pack names is a norm of the folder. A mistyped identifier fails silently in search: a popular
 * name, an area or an agent's scope that points at it simply matches nothing.
 */
describe.skipIf(missing(sharedCorpus()))('the identifiers the country pack names', () => {
  it('are norms of the corpus folder (a trailing * the beginning of one)', () => {
    const folder = path.join(SHARED_CORPUS, loadPackManifest().corpus.norms)
    const known = readdirSync(folder)
      .filter((f) => f.endsWith('.md'))
      .map((f) => /^identifier:\s*(\S+)/m.exec(readFileSync(path.join(folder, f), 'utf8'))?.[1])
      .filter((id): id is string => !!id)
    const named = [
      ...loadLawNames().flatMap((e) => e.identifiers.map((id) => ['law-names.json', id])),
      ...loadDomains().flatMap((d) => d.identifiers.map((id) => ['domains.json', id])),
      ...Object.entries(loadResearchScopes()).flatMap(([name, s]) =>
        (s.norms ?? []).map((id) => [`scopes.json#${name}`, id]),
      ),
    ]
    expect(named.length).toBeGreaterThan(300)
    const exists = (id: string) =>
      id.endsWith('*') ? known.some((k) => k.startsWith(id.slice(0, -1))) : known.includes(id)
    expect(named.filter(([, id]) => !exists(id!)).map(([where, id]) => `${where}: ${id}`)).toEqual([])
  })
})
