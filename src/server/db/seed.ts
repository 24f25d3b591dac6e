import { seedAgents } from '../agents/seed-agents'
import { seedPlans } from '../payments/seed-plans'
import type { Db } from './client'
import { countries } from './schema'

/** Peru is the only country with a corpus; the others wait, inactive, until one is loaded. */
const COUNTRIES = [
  { iso2: 'PE', name: 'Perú', flag: '🇵🇪', active: true },
  { iso2: 'CO', name: 'Colombia', flag: '🇨🇴', active: false },
  { iso2: 'CL', name: 'Chile', flag: '🇨🇱', active: false },
  { iso2: 'MX', name: 'México', flag: '🇲🇽', active: false },
]

/** Idempotent: safe on every start; never overwrites what an operator changed. */
export async function seed(db: Db): Promise<void> {
  await db.insert(countries).values(COUNTRIES).onConflictDoNothing({ target: countries.iso2 })
  await seedAgents(db)
  await seedPlans(db)
}
