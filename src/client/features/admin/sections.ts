import type { ComponentType } from 'react'
import { AdminsSection } from './sections/admins-section'
import { AgentsSection } from './sections/agents-section'
import { AuditSection } from './sections/audit-section'
import { CorpusSection } from './sections/corpus-section'
import { CountriesSection } from './sections/countries-section'
import { DashboardSection } from './sections/dashboard-section'
import { PaymentsSection } from './sections/payments-section'
import { PlansSection } from './sections/plans-section'
import { ReviewsSection } from './sections/reviews-section'
import { UsersSection } from './sections/users-section'

/** The console's sections in the order of the navigation; `id` is the `?seccion=` of the address. */
export const SECTIONS: { id: string; label: string; Component: ComponentType }[] = [
  { id: 'panel', label: 'Panel', Component: DashboardSection },
  { id: 'agentes', label: 'Agentes', Component: AgentsSection },
  { id: 'paises', label: 'Países', Component: CountriesSection },
  { id: 'planes', label: 'Planes', Component: PlansSection },
  { id: 'usuarios', label: 'Usuarios', Component: UsersSection },
  { id: 'pagos', label: 'Pagos', Component: PaymentsSection },
  { id: 'opiniones', label: 'Opiniones', Component: ReviewsSection },
  { id: 'corpus', label: 'Corpus', Component: CorpusSection },
  { id: 'auditoria', label: 'Auditoría', Component: AuditSection },
  { id: 'administradores', label: 'Administradores', Component: AdminsSection },
]
