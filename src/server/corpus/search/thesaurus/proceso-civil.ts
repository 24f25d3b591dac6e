import type { ThesaurusEntry } from './entry'

/** Proceso civil: demandas, juzgados, plazos, embargos. */
export const procesoCivil: ThesaurusEntry[] = [
  [
    [
      'tasas judiciales',
      'aranceles',
      'no tengo plata para el juicio',
      'no puedo pagar el juicio',
      'pobre',
      'sin recursos',
    ],
    'auxilio judicial tasas gastos proceso',
  ],
  [
    ['parado', 'paralizado', 'abandonado', 'nadie hace nada', 'no avanza', 'se abandona', 'abandono'],
    'abandono proceso inactividad',
  ],
  [['demanda', 'demandar', 'demando', 'demandarlo'], 'demanda'],
  [['sentencia', 'fallo'], 'sentencia'],
  [['conciliacion', 'conciliar'], 'conciliacion'],
  [['juez', 'jueza'], 'juez'],

  [
    ['requisitos de la demanda', 'como presento una demanda', 'presentar una demanda', 'poner una demanda'],
    'demanda requisitos admisibilidad',
  ],
  [['no conteste la demanda', 'contestar la demanda', 'contestacion'], 'contestacion demanda plazo rebeldia'],
  [['rebeldia', 'rebelde'], 'rebeldia'],
  [['medida cautelar', 'embargo preventivo', 'asegurar el pago', 'congelar'], 'medida cautelar'],
  [
    ['gastos del juicio', 'costas', 'costos', 'quien paga el abogado', 'honorarios del abogado'],
    'costas costos proceso',
  ],
  [
    ['cobrar una deuda', 'cobrar lo que me deben', 'cobrar judicialmente', 'ejecutar'],
    'proceso ejecucion obligacion dar suma dinero',
  ],
  [
    ['me quitaron la posesion', 'me despojaron', 'interdicto', 'me perturban'],
    'interdicto recobrar retener despojo',
  ],
  [['desistir', 'desistimiento', 'retirar la demanda'], 'desistimiento'],
  [['conciliacion extrajudicial', 'centro de conciliacion', 'conciliar antes'], 'conciliacion'],
  [['juez de paz', 'juez de paz letrado', 'juzgado de paz'], 'juez paz letrado'],
  [['prueba', 'pruebas', 'probar', 'demostrar'], 'prueba medios probatorios'],
  [['carga de la prueba', 'quien tiene que probar', 'quien prueba'], 'carga prueba'],
]
