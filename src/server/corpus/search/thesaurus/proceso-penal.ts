import type { ThesaurusEntry } from './entry'

/** Proceso penal: policía, detención, fiscalía, juicio. */
export const procesoPenal: ThesaurusEntry[] = [
  [
    [
      '!tombo*',
      'policia',
      'policias',
      'comisaria',
      '!me cuadro la policia',
      '!me cuadraron',
      'serenazgo',
      'sereno',
    ],
    'policia',
  ],
  [
    [
      'detener',
      'detenido',
      'detenida',
      'detienen',
      'detuvieron',
      'arresto',
      'arrestar',
      'arrestaron',
      'me llevaron presa',
      'me llevaron preso',
      'me intervinieron',
      'intervencion policial',
    ],
    'detencion detenido flagrancia',
  ],
  [
    ['sin orden', 'orden del juez', 'orden judicial', 'sin orden judicial', 'sin mandato'],
    'mandamiento escrito motivado juez flagrancia',
  ],
  [['cuanto tiempo detenido', 'cuantas horas detenido', 'plazo de detencion'], 'detencion plazo horas'],
  [
    ['arresto ciudadano', 'arresto por particulares', 'detencion ciudadana'],
    'arresto ciudadano flagrancia entregar policia',
  ],
  [['prision preventiva', 'preventiva'], 'prision preventiva'],
  [
    ['declarar', 'declaracion', 'quedarme callado', 'guardar silencio', 'no hablar'],
    'declarar abstenerse silencio imputado derechos',
  ],
  [['abogado', 'defensor', 'abogada', 'defensa legal'], 'abogado defensor defensa'],
  [['victima', 'agraviado', 'afectado'], 'agraviado victima derechos'],
  [
    [
      'aceptar los cargos',
      'acepto los cargos',
      'confesar',
      'confieso',
      'aceptar la culpa',
      'reconocer el delito',
      'me rebajan la pena',
      'rebaja de pena',
      'reducir la pena',
    ],
    'terminacion anticipada conclusion anticipada confesion reduccion pena beneficio',
  ],
  [
    [
      'entrar a mi casa',
      'entrar a mi domicilio',
      'entraron a mi casa',
      'allanar',
      'allanamiento',
      'registrar mi casa',
    ],
    'allanamiento domicilio inviolabilidad ingreso',
  ],
  [
    // Phrases, not the bare words: a stolen phone or a collector's calls are not about the secrecy of
    // communications.
    [
      'revisar mi celular',
      'revisaron mi celular',
      'revisar mis mensajes',
      'leer mis mensajes',
      'leyeron mis mensajes',
      'mis chats',
      'mis correos',
      'escuchar mis llamadas',
      'grabar mis llamadas',
      'intervenir mi telefono',
      'interceptar',
      'chuponeo',
    ],
    'comunicaciones secreto inviolabilidad intervencion',
  ],
  [['fiscal', 'fiscalia', 'ministerio publico'], 'fiscal ministerio publico'],
  [['flagrancia', 'in fraganti', 'en flagrante', 'agarrado robando'], 'flagrancia'],
  [['juicio', 'juicios', 'proceso judicial', 'causa judicial', 'expediente judicial'], 'proceso'],

  [
    ['me denunciaron', 'tengo una denuncia', 'denuncia en mi contra', 'me estan investigando', 'investigado'],
    'imputado investigacion',
  ],
  [
    ['detencion preliminar', 'orden de captura', 'requisitoria', 'requisitoriado'],
    'detencion preliminar orden captura',
  ],
  [['comparecencia', 'comparecencia con restricciones'], 'comparecencia restricciones'],
  [['incautar', 'incautacion', 'decomiso', 'se llevaron mis cosas'], 'incautacion'],
  [['pericia', 'perito', 'peritaje', 'necropsia', 'examen medico legal'], 'pericia perito'],
  [['testigo', 'testigos', 'declarar como testigo'], 'testigo testimonio'],
  [['juicio oral', 'audiencia de juicio'], 'juicio oral'],
  [['acusacion', 'acusacion fiscal', 'me acusan'], 'acusacion fiscal'],
  [['archivar', 'archivo', 'archivaron', 'sobreseimiento', 'no hay caso'], 'archivo sobreseimiento'],
  [['colaborador eficaz', 'colaboracion eficaz', 'delatar', 'soplon'], 'colaboracion eficaz'],
  [
    [
      'acuerdo con el fiscal',
      'arreglar con la victima',
      'llegar a un acuerdo',
      'reparar a la victima',
      'arreglo',
    ],
    'principio oportunidad acuerdo reparatorio',
  ],
  [['querella', 'querellar', 'delito de accion privada'], 'querella ejercicio privado accion penal'],
  [['casacion', 'corte suprema'], 'casacion'],
  [
    ['apelar la sentencia', 'apelacion de sentencia', 'no estoy de acuerdo con la sentencia'],
    'apelacion sentencia recurso',
  ],
  [['me notificaron', 'notificacion', 'cedula', 'citacion'], 'notificacion citacion'],
  [
    ['beneficios penitenciarios', 'salir antes', 'semilibertad', 'liberacion condicional'],
    'beneficios penitenciarios semilibertad liberacion condicional',
  ],
]
