import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { projectRoot } from '../../src/server/lib/project-root'
import { type Ask, measureOutOfScope, type OutOfScope, type OutOfScopeCount } from './harness'

/**
 * Legal questions to calibrate the decision to answer on (legal-calibration.json): messages that Peruvian law speaks
 * to, written by a writer who saw only its brief (in the file's `made.instructions`) — never the repository, the
 * corpus, the engine or an evaluation set. They carry no expected article: what they measure is how often the
 * research agent abstains on a legal question, the mirror of the out-of-scope set (how often it answers a chat line).
 * Neither an evaluation split nor pack data: the gate may be calibrated on them, nothing is taught with them.
 */
const File = z.object({
  made: z.object({ by: z.string(), date: z.string(), instructions: z.string() }),
  messages: z.record(z.string(), z.array(z.string().min(1)).min(1)),
})

/** The messages as the harness asks them: an id per kind and place, the kind as the out-of-scope sets have it. */
export function loadLegalCalibration(
  file = path.join(projectRoot(), 'bench/answers/legal-calibration.json'),
): OutOfScope[] {
  const { messages } = File.parse(JSON.parse(readFileSync(file, 'utf8')))
  return Object.entries(messages).flatMap(([kind, list]) =>
    list.map((message, i) => ({ id: `${kind}-${i + 1}`, message, kind })),
  )
}

export type LegalCalibration = { byKind: Map<string, OutOfScopeCount>; abstained: string[] }

/**
 * Asks each message: per kind, how many were abstained on (`silent`; answered with a source: `n − silent`), and
 * those messages, as lines.
 */
export async function measureLegalCalibration(args: {
  ask: Ask
  messages: readonly OutOfScope[]
  concurrency?: number
}): Promise<LegalCalibration> {
  const abstained: string[] = []
  const byKind = await measureOutOfScope({ ...args, abstained })
  return { byKind, abstained }
}
