import type { ThesaurusEntry } from './entry'

/** Tributario: Sunat, deudas, infracciones, comprobantes. */
export const tributario: ThesaurusEntry[] = [
  [
    ['sunat', 'impuesto', 'impuestos', 'tributo', 'tributos', 'tributario', 'tributaria'],
    'tributo tributaria administracion tributaria',
  ],
  [['deuda con la sunat', 'deuda tributaria', 'debo a la sunat', 'le debo a la sunat'], 'deuda tributaria'],
  [
    ['en cuotas', 'fraccionar', 'fraccionamiento', 'pagar por partes', 'aplazar'],
    'aplazamiento fraccionamiento',
  ],
  [['boleta', 'factura', 'comprobante', 'sin boleta'], 'comprobantes pago emitir otorgar'],
  [['cierre del local', 'me cierran', 'clausura', 'cerrar mi negocio'], 'cierre temporal establecimiento'],
  [
    [
      'cuanto gano',
      'mis ingresos',
      'mi declaracion',
      'secreto',
      'confidencial',
      'reserva',
      'contarle a otros',
      'divulgar',
    ],
    'reserva tributaria informacion',
  ],
  [['tribunal fiscal'], 'tribunal fiscal apelacion'],
  [
    ['cuantos dias tengo', 'cuantos dias', 'plazo', 'en cuanto tiempo', 'cuanto tiempo', 'hasta cuando'],
    'plazo dias',
  ],
  [['cuantos anos', 'en cuantos anos', 'cuantos meses'], 'plazo'],
  [['intereses', 'mora', 'moratorios'], 'intereses moratorio'],
  [['fiscalizacion', 'auditoria', 'me fiscalizan'], 'fiscalizacion'],

  [['ruc', 'inscribirme', 'sacar ruc'], 'inscripcion registro contribuyentes'],
  [
    ['no declare', 'declaracion jurada anual', 'no presente mi declaracion', 'declarar impuestos'],
    'declaracion tributaria obligacion',
  ],
  [['libros contables', 'contabilidad', 'no lleve libros'], 'libros registros contables'],
  [
    ['me embargaron', 'embargo en forma de retencion', 'me congelaron la cuenta'],
    'embargo cobranza coactiva',
  ],
  [
    ['devolucion de impuestos', 'pague de mas', 'pago indebido', 'pago en exceso'],
    'devolucion pago indebido exceso',
  ],
  [
    ['gradualidad', 'rebaja de multa', 'descuento de multa', 'perdonar la multa'],
    'gradualidad rebaja sanciones',
  ],
  [['condonacion', 'amnistia tributaria', 'perdonar la deuda'], 'condonacion'],
  [
    ['fiscalizacion de sunat', 'me fiscalizan', 'auditoria tributaria', 'requerimiento de sunat'],
    'fiscalizacion administracion tributaria',
  ],
  [['domicilio fiscal'], 'domicilio fiscal'],
  [['contribuyente', 'contribuyentes'], 'deudor tributario contribuyente'],
]
