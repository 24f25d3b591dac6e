import type { Db } from '../db/client'
import { creditPlans } from './schema'

type PlanSeed = typeof creditPlans.$inferInsert

/**
 * The plans a fresh install offers (PEN). Prices put one credit between S/ 0.66 and S/ 1.00: a general consultation
 * costs 1 credit, a specialist one 2.
 */
export const PLAN_SEEDS: PlanSeed[] = [
  {
    planId: 'inicial-10',
    name: 'Inicial',
    description: 'Para resolver una duda puntual.',
    priceCents: 990,
    credits: 10,
    features: ['10 créditos', 'Todos los agentes', 'Fuentes con enlace al original', 'Sin vencimiento'],
    sortOrder: 10,
  },
  {
    planId: 'estandar-30',
    name: 'Estándar',
    description: 'Para seguir un caso de principio a fin.',
    priceCents: 2490,
    credits: 30,
    isPopular: true,
    features: ['30 créditos', 'Todos los agentes', 'Fuentes con enlace al original', 'Sin vencimiento'],
    sortOrder: 20,
  },
  {
    planId: 'profesional-100',
    name: 'Profesional',
    description: 'Para quienes consultan la ley todos los días.',
    priceCents: 6590,
    credits: 100,
    isOffer: true,
    features: ['100 créditos', 'Todos los agentes', 'Fuentes con enlace al original', 'Sin vencimiento'],
    sortOrder: 30,
  },
  {
    planId: 'mensual-60',
    name: 'Suscripción mensual',
    description: 'Créditos nuevos cada mes, cancela cuando quieras.',
    priceCents: 3990,
    credits: 60,
    type: 'subscription',
    periodMonths: 1,
    features: ['60 créditos cada mes', 'Todos los agentes', 'Cancela cuando quieras'],
    sortOrder: 40,
  },
  {
    planId: 'estudio-juridico',
    name: 'Estudio jurídico',
    description: 'Varias cuentas con un saldo común para tu equipo.',
    priceCents: 29900,
    credits: 500,
    status: 'soon',
    features: ['500 créditos compartidos', 'Hasta 10 usuarios', 'Factura electrónica'],
    sortOrder: 50,
  },
]

/** Idempotent: adds missing plans, never overwrites a price or status an operator changed. */
export async function seedPlans(db: Db): Promise<void> {
  await db.insert(creditPlans).values(PLAN_SEEDS).onConflictDoNothing({ target: creditPlans.planId })
}
