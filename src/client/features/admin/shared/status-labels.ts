/** Spanish names of the contract's states. */
export const AGENT_STATUS_LABELS = { active: 'Activo', inactive: 'Inactivo', soon: 'Próximamente' } as const
export const PLAN_STATUS_LABELS = { active: 'Activo', soon: 'Próximamente', inactive: 'Retirado' } as const
export const PLAN_TYPE_LABELS = { prepaid: 'Prepago', subscription: 'Suscripción' } as const

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }))
