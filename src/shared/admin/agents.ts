import { z } from 'zod'
import { safeText } from '../fields'
import { isoDate, listQuerySchema, pageSchema, versionField } from './common'

export const AGENT_STATUSES = ['active', 'inactive', 'soon'] as const
export const AGENT_COST_MAX = 1000

export const AGENT_MESSAGES = {
  id: 'El identificador debe tener de 2 a 50 caracteres: minúsculas, números y guiones',
  name: 'El nombre debe tener entre 1 y 100 caracteres',
  description: 'La descripción no puede tener más de 1000 caracteres',
  url: 'La URL debe ser builtin:<nombre> o una dirección https://',
  credits: `El costo debe ser un número entero entre 0 y ${AGENT_COST_MAX}`,
  status: 'El estado debe ser activo, inactivo o próximamente',
  sortOrder: 'El orden debe ser un número entero entre 0 y 10000',
  country: 'El país debe ser un código ISO de dos letras',
  question: 'Escribe una pregunta de prueba (entre 3 y 1000 caracteres)',
  duplicate: 'Ya existe un agente con ese identificador',
  notFound: 'Agente no encontrado',
  unknownCountry: 'Ese país no existe; agrégalo primero en Países',
} as const

const BUILTIN_URL = /^builtin:[a-z0-9-]{1,50}$/
const isHttpsUrl = (url: string) => URL.canParse(url) && new URL(url).protocol === 'https:'

/** `builtin:<name>` (the in-process research agent) or an `https://` endpoint; nothing else runs. */
export const agentUrlField = safeText({ error: AGENT_MESSAGES.url })
  .trim()
  .max(2000, AGENT_MESSAGES.url)
  .refine((url) => BUILTIN_URL.test(url) || isHttpsUrl(url), AGENT_MESSAGES.url)

const countryCode = z
  .string({ error: AGENT_MESSAGES.country })
  .regex(/^[A-Za-z]{2}$/, AGENT_MESSAGES.country)
  .transform((s) => s.toUpperCase())

const fields = {
  name: safeText({ error: AGENT_MESSAGES.name })
    .trim()
    .min(1, AGENT_MESSAGES.name)
    .max(100, AGENT_MESSAGES.name),
  description: safeText({ error: AGENT_MESSAGES.description }).trim().max(1000, AGENT_MESSAGES.description),
  url: agentUrlField,
  credits: z
    .int({ error: AGENT_MESSAGES.credits })
    .min(0, AGENT_MESSAGES.credits)
    .max(AGENT_COST_MAX, AGENT_MESSAGES.credits),
  status: z.enum(AGENT_STATUSES, { error: AGENT_MESSAGES.status }),
  sortOrder: z
    .int({ error: AGENT_MESSAGES.sortOrder })
    .min(0, AGENT_MESSAGES.sortOrder)
    .max(10_000, AGENT_MESSAGES.sortOrder),
  /** The country whose law it answers about; null: every country. */
  countryCode: countryCode.nullable(),
}

/** An agent as the console sees it: the whole URL (the public API shows only an external agent's origin). */
export const adminAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  credits: z.number().int(),
  status: z.enum(AGENT_STATUSES),
  sortOrder: z.number().int(),
  countryCode: z.string().nullable(),
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type AdminAgent = z.infer<typeof adminAgentSchema>

/** GET /api/admin/agents: `q` matches id or name. */
export const agentListQuerySchema = listQuerySchema(
  ['sortOrder', 'name', 'credits', 'status', 'createdAt'],
  'sortOrder',
).extend({
  status: z.enum(AGENT_STATUSES, { error: AGENT_MESSAGES.status }).optional(),
})
export const agentPageSchema = pageSchema(adminAgentSchema)

/** POST /api/admin/agents. */
export const agentCreateSchema = z.strictObject({
  id: z.string({ error: AGENT_MESSAGES.id }).regex(/^[a-z0-9][a-z0-9-]{1,49}$/, AGENT_MESSAGES.id),
  name: fields.name,
  description: fields.description.default(''),
  url: fields.url,
  credits: fields.credits,
  status: fields.status.default('inactive'),
  sortOrder: fields.sortOrder.default(0),
  countryCode: fields.countryCode.default(null),
})
export type AgentCreate = z.infer<typeof agentCreateSchema>

/** PATCH /api/admin/agents/:id: the fields to change and the version read. */
export const agentUpdateSchema = z.strictObject({
  version: versionField,
  name: fields.name.optional(),
  description: fields.description.optional(),
  url: fields.url.optional(),
  credits: fields.credits.optional(),
  status: fields.status.optional(),
  sortOrder: fields.sortOrder.optional(),
  countryCode: fields.countryCode.optional(),
})
export type AgentUpdate = z.infer<typeof agentUpdateSchema>

/** POST /api/admin/agents/test: one question to an https:// endpoint, nothing saved, nothing charged. */
export const agentTestRequestSchema = z.strictObject({
  url: agentUrlField,
  question: safeText({ error: AGENT_MESSAGES.question })
    .trim()
    .min(3, AGENT_MESSAGES.question)
    .max(1000, AGENT_MESSAGES.question),
  countryCode: countryCode.default('PE'),
})
export type AgentTestRequest = z.infer<typeof agentTestRequestSchema>

export const agentTestResultSchema = z.object({
  ok: z.boolean(),
  /** The endpoint's HTTP status; null when it never answered (refused address, timeout, network). */
  httpStatus: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The answer text, cut to 2000 characters. */
  answer: z.string().nullable(),
  sources: z.object({ leyes: z.number().int(), sentencias: z.number().int() }).nullable(),
  /** Why it failed, in Spanish. */
  error: z.string().nullable(),
})
export type AgentTestResult = z.infer<typeof agentTestResultSchema>
