import { z } from 'zod'

/** Spec §3 Agent, as GET /api/agents and GET /api/agents/:id return it. */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** `builtin:<name>`, or only the origin of an external agent's URL: its path and query may hold secrets. */
  url: z.string(),
  status: z.string(),
  credits: z.number().int(),
})
export type Agent = z.infer<typeof agentSchema>

export const agentListSchema = z.object({ agents: z.array(agentSchema) })
export type AgentList = z.infer<typeof agentListSchema>

/** Spec §3 Country, as GET /api/countries returns the active ones. */
export const countrySchema = z.object({
  iso2: z.string().length(2),
  name: z.string(),
  flag: z.string(),
  active: z.boolean(),
})
export type Country = z.infer<typeof countrySchema>

export const countryListSchema = z.object({ countries: z.array(countrySchema) })
export type CountryList = z.infer<typeof countryListSchema>
