import type { ConversationKind } from './conversation'
import type { ResearchScope } from './scopes'

/** The fixed texts of the research agent's answers (Spanish Markdown, as every answer). */

export const LEGAL_NOTE =
  '*Esta respuesta es información legal basada en las fuentes citadas; no constituye asesoría legal. ' +
  'Para decidir sobre tu caso concreto, consulta con un abogado.*'

export const CORPUS_EMPTY_ANSWER = [
  'El corpus legal todavía no está cargado, así que no puedo responder con normas ni sentencias.',
  '',
  'Quien administra Lexia puede cargarlo con `npm run corpus:ingest -- --demo` (la Constitución y los principales ' +
    'códigos y leyes) o `npm run corpus:ingest -- --all` (todo el corpus). Vuelve a preguntar cuando termine.',
].join('\n')

export function countryEmptyAnswer(country: string): string {
  return (
    `Todavía no hay normas ni sentencias de ${country} en el corpus, así que no puedo responder con fuentes. ` +
    'Elige otro país o vuelve a intentarlo cuando su corpus esté cargado.'
  )
}

export function noResultsAnswer(scope: ResearchScope): string {
  const other =
    scope.name === 'general'
      ? ''
      : ' Si tu consulta es de otra materia, prueba con otro agente, por ejemplo el general.'
  return [
    `No encontré en ${scope.searched} nada que responda a tu consulta.`,
    '',
    'Prueba a reformularla: usa el término legal (por ejemplo, «despido arbitrario» en lugar de «me botaron»), ' +
      `nombra la norma o el artículo que te interesa, o describe el hecho con otras palabras.${other}`,
  ].join('\n')
}

const CONVERSATION_OPENING: Record<ConversationKind, string> = {
  opinions: 'No doy opiniones personales ni hago pronósticos.',
  greetings: '¡Hola!',
  thanks: '¡De nada!',
  farewells: '¡Hasta pronto!',
  aboutLexia: '',
  smallTalk: '',
}

/** The reply to conversation that is not a legal question: what Lexia does and how to ask it, without sources. */
export function conversationAnswer(kind: ConversationKind): string {
  const opening = CONVERSATION_OPENING[kind]
  return [
    `${opening ? `${opening} ` : ''}Soy Lexia, un asistente de investigación legal del Perú: busco en las normas y ` +
      'la jurisprudencia del corpus y respondo citando los artículos y las sentencias en que me baso.',
    '',
    'Cuéntame tu consulta con tus propias palabras, por ejemplo sobre un despido, un contrato de alquiler, una ' +
      'herencia o un delito, y te diré qué dicen las normas.',
  ].join('\n')
}

/**
 * The reply to a question about another country's law: Lexia answers on one country's law (the corpus'), and says
 * so rather than quoting its articles on the same subject as if they governed there.
 */
export function foreignLawAnswer(country: string, home: string): string {
  return [
    `Solo respondo sobre el derecho de ${home}: busco en sus normas y su jurisprudencia, así que no puedo ` +
      `responderte sobre las leyes ni los trámites de ${country}.`,
    '',
    `Si tu consulta es sobre ${home} —por ejemplo, un hecho ocurrido aquí, un trámite ante una entidad de ${home} o ` +
      'cómo se reconoce aquí un documento extranjero—, vuelve a escribirla mencionándolo y te diré qué dicen las normas.',
  ].join('\n')
}
