import { administracion } from './administracion'
import { civil } from './civil'
import { constitucion } from './constitucion'
import { consumidor } from './consumidor'
import { datosPersonales } from './datos-personales'
import type { ThesaurusEntry } from './entry'
import { familia } from './familia'
import { frases } from './frases'
import { penal } from './penal'
import { procesoCivil } from './proceso-civil'
import { procesoPenal } from './proceso-penal'
import { registro } from './registro'
import { trabajo } from './trabajo'
import { tributario } from './tributario'

export type { ThesaurusEntry } from './entry'

/** People's words → the law's words, by area of law (see entry.ts for the form of an entry). */
export const THESAURUS: ThesaurusEntry[] = [
  ...trabajo,
  ...familia,
  ...civil,
  ...penal,
  ...procesoPenal,
  ...constitucion,
  ...consumidor,
  ...administracion,
  ...datosPersonales,
  ...tributario,
  ...procesoCivil,
  ...frases,
  ...registro,
]
