import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { missing, SHARED_CORPUS, sharedCorpus } from '../../test/requirements'
import { parseNorm } from '../parse/norm'
import { defaultDescriptorsDir, parseDescriptors } from './descriptors'
import { loadPackManifest } from './manifest'

const DEMO_NORM_FILES = loadPackManifest().demoNorms

const NORMS = path.join(SHARED_CORPUS, 'legalize-pe', 'pe')
const files = readdirSync(defaultDescriptorsDir()).filter((f) => f.endsWith('.jsonl'))
/**
 * A descriptor file is named for its norm's file, wherever in the folder that lies (ingestion reads it by the
 * basename): the constitutional reforms, for one, sit in a subfolder.
 */
const normPaths = missing(sharedCorpus('legalize-pe', 'pe'))
  ? new Map<string, string>()
  : new Map(
      readdirSync(NORMS, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => [path.basename(f), path.join(NORMS, f)]),
    )

describe('the descriptor index', () => {
  it('covers the fifteen demo norms, and the norms described by corpus:describe --articles', () => {
    for (const demo of DEMO_NORM_FILES) expect(files).toContain(demo.replace(/\.md$/, '.jsonl'))
    expect(files.length).toBeGreaterThan(DEMO_NORM_FILES.length)
  })

  // A typo in an article number would index nothing and say nothing: every line must land on an article.
  it.skipIf(missing(sharedCorpus('legalize-pe', 'pe'))).each(files)(
    '%s names only articles its norm has, in valid lines',
    (file) => {
      const descriptors = parseDescriptors(readFileSync(path.join(defaultDescriptorsDir(), file)))
      expect(descriptors.problems).toEqual([])
      const normFile = file.replace(/\.jsonl$/, '.md')
      const norm = parseNorm(
        readFileSync(normPaths.get(normFile) ?? path.join(NORMS, normFile), 'utf8'),
        normFile,
      )
      const numbers = new Set(norm.articles.filter((a) => a.kind === 'articulo').map((a) => a.number))
      expect([...descriptors.byArticle.keys()].filter((n) => !numbers.has(n))).toEqual([])
      const read = new Set(
        readFileSync(path.join(defaultDescriptorsDir(), file), 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => (JSON.parse(l) as { article: string }).article),
      )
      expect(read.size).toBeGreaterThan(0)
      // A demo norm's hand-written file covers most of its articles. A generated one covers the articles exported to
      // its writer: not those shown under a twin norm, nor the articles a modifying law quotes (parseNorm counts them,
      // the index does not), and its lines may all be empty (a norm of formal articles only, read and found so).
      if (!DEMO_NORM_FILES.includes(file.replace(/\.jsonl$/, '.md'))) return
      expect(read.size / numbers.size).toBeGreaterThan(0.6)
      expect(descriptors.byArticle.size).toBeGreaterThan(0)
    },
  )
})
