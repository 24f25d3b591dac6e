/**
 * The landing page's example of a consultation: a question and what Lexia answers to it without a language model
 * (its first paragraph, as the research agent writes it, and the source it cites). It is not a mock-up: a test asks
 * the question through the research agent and checks that the answer leads with this article and says this
 * (src/server/research/landing-example.test.ts), so the landing never promises an answer the product does not give.
 */
export const LANDING_EXAMPLE = {
  question: '¿Cuántos días de vacaciones me corresponden al año?',
  /** The answer's first paragraph, its citation mark aside; `strong` is the part the landing sets in bold. */
  answer: {
    before: 'Según el artículo 10 de la Ley de Descansos Remunerados, el trabajador tiene derecho a ',
    strong: 'treinta días calendario',
    after: ' de descanso vacacional por cada año completo de servicios.',
  },
  /** The norm file and article the answer cites first, and how the landing names it. */
  source: { identifier: 'DLEG-713-1991', article: '10', label: 'D. Leg. 713, art. 10' },
} as const
