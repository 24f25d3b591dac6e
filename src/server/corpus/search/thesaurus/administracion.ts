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
  [['nulidad', 'nulo', 'anular'], 'nulidad'],
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
  [['servidor publico', 'trabajador publico', 'cas', 'nombrado en el estado'], 'servidor publico'],
]
