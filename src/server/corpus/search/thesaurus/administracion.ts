import type { ThesaurusEntry } from './entry'

/** Administración pública: trámites, silencio, recursos, municipalidad. */
export const administracion: ThesaurusEntry[] = [
  [
    [
      '!la muni',
      'muni',
      'municipalidad',
      'municipio',
      'alcalde',
      'gobierno regional',
      'ministerio',
      'entidad',
    ],
    'entidad administracion publica municipalidad',
  ],
  [
    ['tramite', 'solicitud', 'expediente', 'pedido', 'peticion'],
    'procedimiento administrativo solicitud administrado',
  ],
  [
    ['no me responden', 'no me contestan', 'no responden', 'no contestan', 'sin respuesta', 'no resuelven'],
    'silencio administrativo plazo',
  ],
  [['apelar', 'apelo', 'apelacion', 'impugnar', 'impugnacion', 'recurso'], 'apelacion recurso impugnacion'],
  [['resolucion administrativa', 'acto administrativo'], 'acto administrativo resolucion'],
  [['nulidad', 'anular'], 'nulidad'],
  [
    ['multa', 'multaron', 'multas', 'sancion', 'sancionaron', 'infraccion', 'papeleta'],
    'sancion multa infraccion',
  ],
  [
    ['copia de documentos', 'documentos que ya tienen', 'me piden documentos', 'me exigen documentos'],
    'documentacion prohibida solicitar informacion entidad',
  ],
  [['acceso al expediente', 'leer mi expediente'], 'acceso expediente'],
  [['funcionario', 'servidor publico', 'trabajador del estado'], 'funcionario servidor publico'],

  [['reconsideracion', 'que lo reconsideren', 'pedir que revisen'], 'recurso reconsideracion'],
  [
    ['queja por demora', 'tramite demorado', 'no avanza mi tramite', 'demora'],
    'queja defecto tramitacion plazo',
  ],
  [['me notificaron mal', 'no me notificaron', 'notificacion defectuosa'], 'notificacion defectuosa nulidad'],
  [['tupa', 'cobro por tramite', 'derecho de tramite'], 'derecho tramitacion tupa'],
  [
    ['licencia de funcionamiento', 'licencia de construccion', 'permiso municipal', 'autorizacion municipal'],
    'licencia autorizacion',
  ],
  [
    ['procedimiento sancionador', 'me sancionaron', 'sancion administrativa', 'descargos'],
    'procedimiento sancionador potestad sancionadora',
  ],
  [['declaracion jurada', 'declaraciones juradas'], 'declaracion jurada presuncion veracidad'],
  [
    ['cobranza coactiva', 'ejecutor coactivo', 'embargo de la muni', 'embargo de sunat'],
    'cobranza coactiva embargo',
  ],
  [['presuncion de veracidad'], 'presuncion veracidad'],
  [['trabajador publico', 'cas', 'nombrado en el estado'], 'servidor publico'],
  [
    [
      'silencio positivo',
      'aprobacion automatica',
      'se aprueba solo',
      'aprobado automaticamente',
      'se aprobo solo',
    ],
    'silencio administrativo positivo aprobacion automatica',
  ],
  [
    ['silencio negativo', 'denegatoria ficta', 'denegado por silencio'],
    'silencio administrativo negativo recursos',
  ],
  [
    [
      'plazo para resolver',
      'plazo para responder',
      'cuanto demoran',
      'cuanto se demoran',
      'tiempo para responder',
    ],
    'plazo maximo resolver procedimiento',
  ],
  [
    [
      'notificacion',
      'notificaciones',
      'notificar',
      'me notificaron',
      'casilla electronica',
      'correo de notificacion',
    ],
    'notificacion modalidades notificacion personal',
  ],
  [
    [
      'plazo para apelar',
      'dias para apelar',
      'tiempo para apelar',
      'plazo para impugnar',
      'dias para impugnar',
    ],
    'plazo interponer recursos apelacion',
  ],
  [
    [
      'via administrativa',
      'contencioso administrativo',
      'demandar al estado',
      'demandar a la municipalidad',
      'ir al poder judicial',
    ],
    'agotamiento via administrativa contencioso administrativo',
  ],
  [
    [
      'dejaron sin efecto',
      'revocaron mi licencia',
      'revocaron mi permiso',
      'anularon mi licencia',
      'me quitaron la licencia',
    ],
    'revocacion nulidad oficio acto administrativo',
  ],
  [
    [
      'error material',
      'error de tipeo',
      'error en la resolucion',
      'corregir un error',
      'escribieron mal mi nombre',
    ],
    'rectificacion errores material aritmetico',
  ],
  [
    ['estado de mi tramite', 'derechos del administrado', 'mis derechos en un tramite', 'como va mi tramite'],
    'derechos administrados estado tramitacion',
  ],
  [
    [
      'mesa de partes',
      'no me recibieron',
      'no quisieron recibir',
      'se negaron a recibir',
      'sello de recibido',
      'cargo de recepcion',
    ],
    'recepcion documental unidades recepcion observaciones',
  ],
  [
    [
      'copia legalizada',
      'copias legalizadas',
      'fedatario',
      'copia simple',
      'copias simples',
      'legalizar documentos',
    ],
    'copias simples fedatarios sucedaneos documentos originales',
  ],
  [
    ['dias habiles', 'dias utiles', 'feriados', 'dia feriado', 'cuentan los sabados', 'dias calendario'],
    'dias habiles computo plazo inhabiles',
  ],
  [['termino de la distancia', 'vivo en provincia', 'vivo lejos'], 'termino distancia'],
  [
    [
      'abstencion',
      'abstenerse',
      'funcionario parcializado',
      'conflicto de interes',
      'pariente del funcionario',
    ],
    'abstencion causales autoridad',
  ],
  [
    [
      'prescripcion de la multa',
      'prescribe la multa',
      'multa prescrita',
      'multa antigua',
      'multa vieja',
      'prescripcion de la infraccion',
    ],
    'prescripcion infracciones exigibilidad multas',
  ],
  [
    ['caducidad del procedimiento', 'procedimiento caduco', 'caduco el procedimiento'],
    'caducidad procedimiento sancionador',
  ],
  [
    ['atenuante', 'atenuantes', 'eximente', 'eximentes', 'reconoci la infraccion', 'subsane la infraccion'],
    'eximentes atenuantes responsabilidad infracciones',
  ],
  [
    [
      'me inspeccionaron',
      'inspeccion municipal',
      'acta de fiscalizacion',
      'fiscalizador',
      'inspectores municipales',
    ],
    'fiscalizacion acta administrados fiscalizados',
  ],
  [
    [
      'falta administrativa',
      'faltas administrativas',
      'funcionario negligente',
      'sancionar al funcionario',
      'denunciar al funcionario',
    ],
    'responsabilidad autoridades faltas administrativas',
  ],
]
