import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The module boundaries of docs/decisions/0021-enforced-boundaries.md are Biome rules (biome.json's overrides). This
 * lints probe files, laid out like src/, with the project's own biome.json in a scratch folder, and checks which
 * imports the rules refuse: the rules match imports as written, so a pattern that is one `../` off would let a
 * crossing through without any other test noticing.
 */
const root = path.resolve(import.meta.dirname, '..')
const scratch = mkdtempSync(path.join(os.tmpdir(), 'lexia-boundaries-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

type Probe = { file: string; source: string; refused: boolean }

const probe = (file: string, source: string, refused: boolean): Probe => ({ file, source, refused })
const refused = (file: string, source: string) => probe(file, source, true)
const allowed = (file: string, source: string) => probe(file, source, false)

const probes: Probe[] = [
  // Between features: only through the other feature's index.ts.
  refused('src/client/features/chat/a.ts', "import { x } from '../credits/credits-store'"),
  refused('src/client/features/chat/b.ts', "import { x } from '../../features/credits/credits-store'"),
  refused('src/client/features/chat/c.ts', "export const x = () => import('../payments/yape-dialog')"),
  refused('src/client/features/chat/d.ts', "export { x } from '../speech/speech-text'"),
  refused('src/client/features/auth/components/e.ts', "import { x } from '../../chat/chat-types'"),
  allowed('src/client/features/chat/f.ts', "import { x } from '../credits'"),
  allowed('src/client/features/chat/g.ts', "import { x } from './chat-types'"),
  allowed('src/client/features/chat/h.ts', "import { x } from '../../lib/api-client'"),
  allowed('src/client/features/chat/i.ts', "import { x } from '../../components/app-bar'"),
  allowed('src/client/features/chat/j.ts', "import { x } from '../../../shared/errors'"),
  allowed('src/client/features/auth/components/k.ts', "import { x } from '../provider'"),
  allowed('src/client/features/auth/components/l.ts', "import { x } from '../../chat'"),
  // components/ and lib/ serve every feature and import none.
  refused('src/client/components/m.tsx', "import { x } from '../features/auth'"),
  refused('src/client/lib/n.ts', "import { x } from '../features/auth/provider'"),
  allowed('src/client/components/o.tsx', "import { x } from '../lib/api-client'"),
  // Pages and the app shell compose features, so they may reach inside (and load a feature's file lazily).
  allowed('src/client/pages/p.tsx', "import { x } from '../features/auth/provider'"),
  // The browser never imports the server, nor the server the browser; both share src/shared.
  refused('src/client/pages/q.tsx', "import { x } from '../../server/db/client'"),
  refused('src/client/features/chat/r.ts', "import { x } from '../../../server/config'"),
  refused('src/client/components/s.tsx', "import { x } from '../../server/config'"),
  refused('src/server/x/t.ts', "import { x } from '../../client/lib/api-client'"),
  refused('src/server/u.ts', "import { x } from '../client/lib/api-client'"),
  refused('src/shared/v.ts', "import { x } from '../client/lib/api-client'"),
  refused('src/shared/w.ts', "import { x } from '../server/config'"),
  allowed('src/client/pages/y.tsx', "import { x } from 'react-dom/server'"),
  allowed('src/server/x/z.ts', "import { x } from '../db/client'"),
  allowed('src/server/x/aa.ts', "import { x } from '../../shared/errors'"),
  allowed('src/client/lib/ab.ts', "import { x } from '../../shared/errors'"),
]

/** The files Biome refuses for a restricted import, relative to the scratch root. */
function lintProbes(): Set<string> {
  copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'))
  for (const p of probes) {
    mkdirSync(path.dirname(path.join(scratch, p.file)), { recursive: true })
    writeFileSync(path.join(scratch, p.file), `${p.source}\nexport const used = typeof x\n`)
  }
  const run = spawnSync(
    path.join(root, 'node_modules', '.bin', 'biome'),
    ['lint', '--vcs-enabled=false', '--reporter=github', '--max-diagnostics=none', '.'],
    { cwd: scratch, encoding: 'utf8' },
  )
  // One line per diagnostic: '::error title=lint/style/noRestrictedImports,file=/tmp/…/src/…,line=…::message'.
  const lines = run.stdout.split('\n').filter((l) => l.includes('noRestrictedImports'))
  return new Set(lines.map((l) => path.relative(scratch, /file=([^,]+)/.exec(l)?.[1] ?? l)))
}

describe('module boundaries (biome.json)', () => {
  it('refuses each forbidden import and lets the allowed ones through', () => {
    const flagged = lintProbes()
    const wrong = probes
      .filter((p) => flagged.has(p.file) !== p.refused)
      .map((p) => `${p.refused ? 'let through' : 'refused'}: ${p.file}: ${p.source}`)
    expect(wrong).toEqual([])
  })

  it('keeps client features at most one folder deep, the depth the rules are written for', () => {
    const features = path.join(root, 'src/client/features')
    const tooDeep = readdirSync(features, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(features, path.join(entry.parentPath, entry.name)))
      .filter((file) => file.split(path.sep).length > 3)
    expect(tooDeep).toEqual([])
  })
})
