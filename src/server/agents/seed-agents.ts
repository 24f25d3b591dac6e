import type { Db } from '../db/client'
import { agents } from './schema'

/**
 * The builtin agents (DESIGN 7): each searches its own part of the corpus (its scope, by the name after 'builtin:',
 * in the country pack's scopes.json) and costs what its scope is worth. The tax agent waits, inactive, until the tax
 * corpus is loaded beyond the Código.
 */
export const BUILTIN_AGENTS = [
  {
    id: 'general',
    name: 'Lexia General',
    description: 'Consultas sobre cualquier norma o sentencia del corpus peruano.',
    url: 'builtin:general',
    status: 'active',
    credits: 1,
    sortOrder: 10,
  },
  {
    id: 'constitucional',
    name: 'Lexia Constitucional',
    description: 'Constitución, derechos fundamentales y procesos constitucionales.',
    url: 'builtin:constitucional',
    status: 'active',
    credits: 2,
    sortOrder: 20,
  },
  {
    id: 'laboral',
    name: 'Lexia Laboral',
    description: 'Despidos, beneficios sociales, contratos de trabajo y proceso laboral.',
    url: 'builtin:laboral',
    status: 'active',
    credits: 2,
    sortOrder: 30,
  },
  {
    id: 'penal',
    name: 'Lexia Penal',
    description: 'Delitos, penas y proceso penal: Código Penal y Código Procesal Penal.',
    url: 'builtin:penal',
    status: 'active',
    credits: 2,
    sortOrder: 40,
  },
  {
    id: 'tributario',
    name: 'Lexia Tributario',
    description: 'Código Tributario y obligaciones ante la SUNAT (próximamente).',
    url: 'builtin:tributario',
    status: 'inactive',
    credits: 3,
    sortOrder: 50,
  },
] as const

/** Idempotent: an operator's later edits (cost, status, url) are never overwritten. */
export async function seedAgents(db: Db): Promise<void> {
  await db
    .insert(agents)
    .values([...BUILTIN_AGENTS])
    .onConflictDoNothing({ target: agents.id })
}
