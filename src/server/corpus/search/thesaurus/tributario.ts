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
  [['mora', 'moratorios'], 'intereses moratorio'],
  [['fiscalizacion', 'auditoria'], 'fiscalizacion'],

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
  [
    [
      'prescripcion tributaria',
      'prescribe la deuda',
      'prescribir la deuda',
      'deuda prescrita',
      'prescribe la sunat',
    ],
    'prescripcion plazos computo interrupcion',
  ],
  [
    [
      'reclamar a la sunat',
      'reclamar ante la sunat',
      'reclamacion tributaria',
      'impugnar la multa',
      'resolucion de determinacion',
      'orden de pago',
    ],
    'reclamacion actos reclamables contencioso tributario',
  ],
  [['pago previo', 'pagar antes de reclamar', 'pagar para reclamar'], 'pago previo reclamacion'],
  [['plazo para reclamar', 'dias para reclamar', 'tiempo para reclamar'], 'plazo reclamacion reclamo'],
  [
    ['comiso', 'decomiso', 'me decomisaron', 'decomisaron', 'incautaron mi mercaderia'],
    'comiso bienes sancion',
  ],
  [
    [
      'internamiento',
      'internaron mi carro',
      'internaron mi vehiculo',
      'deposito vehicular',
      'mi carro al deposito',
    ],
    'internamiento temporal vehiculos',
  ],
  [
    [
      'responsable solidario',
      'responsables solidarios',
      'deuda de la empresa',
      'deudas de la empresa',
      'el gerente responde',
    ],
    'responsables solidarios representantes',
  ],
  [['saldo a favor', 'compensar la deuda', 'compensar deudas', 'cruzar deudas'], 'compensacion saldo favor'],
  [
    [
      'evadir impuestos',
      'evasion tributaria',
      'evasion de impuestos',
      'defraudacion tributaria',
      'delito tributario',
    ],
    'delito tributario defraudacion',
  ],
  [['derechos del contribuyente', 'mis derechos ante la sunat'], 'derechos administrados'],
  [
    ['buzon electronico', 'buzon sol', 'clave sol', 'notificacion de sunat'],
    'notificacion sistemas electronicos',
  ],
  [
    [
      'base presunta',
      'ventas omitidas',
      'ingresos no declarados',
      'depositos en mi cuenta',
      'incremento patrimonial',
    ],
    'presuncion ventas ingresos omitidos',
  ],
  [['uit', 'unidad impositiva'], 'unidad impositiva tributaria'],
  [
    ['deudas del fallecido', 'deuda tributaria del difunto', 'sunat herederos'],
    'transmision obligacion tributaria sucesores',
  ],
]
