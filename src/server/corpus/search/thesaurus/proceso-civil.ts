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
  [
    [
      'a que juez',
      'que juzgado',
      'donde demando',
      'donde presento la demanda',
      'juez competente',
      'competencia territorial',
    ],
    'competencia territorial domicilio demandado',
  ],
  [['monto de la demanda', 'valor de la demanda', 'urp'], 'cuantia unidades referencia procesal'],
  [
    [
      'proceso sumarisimo',
      'sumarisimo',
      'proceso abreviado',
      'proceso de conocimiento',
      'via procedimental',
      'que tipo de proceso',
    ],
    'proceso conocimiento abreviado sumarisimo via procedimental',
  ],
  [
    ['me demandaron', 'me llego una demanda', 'me notificaron una demanda', 'dias para contestar'],
    'contestacion demanda plazo emplazamiento',
  ],
  [
    [
      'excepciones procesales',
      'deducir excepciones',
      'proponer excepciones',
      'defensa previa',
      'defensas previas',
      'excepcion de prescripcion',
      'excepcion de incompetencia',
    ],
    'excepciones defensas previas',
  ],
  [
    [
      'edictos',
      'no se donde vive',
      'no se su direccion',
      'domicilio desconocido',
      'paradero desconocido',
      'no encuentro al demandado',
    ],
    'edictos domicilio ignorado emplazamiento',
  ],
  [['cedula de notificacion', 'me llego una cedula'], 'cedula notificacion'],
  [['testigo', 'testigos', 'testimonio', 'declarar como testigo'], 'testigos declaracion testimonial'],
  [['perito', 'peritos', 'peritaje', 'pericia'], 'pericia peritos'],
  [
    [
      'documento privado',
      'contrato privado',
      'papel firmado',
      'documento firmado',
      'fecha cierta',
      'firma legalizada',
    ],
    'documento privado fecha cierta reconocimiento',
  ],
  [['tacha', 'tachar', 'tachas', 'oposicion a la prueba'], 'tacha oposicion cuestiones probatorias'],
  [['inspeccion judicial', 'que el juez vea', 'que el juez vaya'], 'inspeccion judicial'],
  [['prueba anticipada', 'asegurar la prueba', 'asegurar pruebas'], 'prueba anticipada'],
  [
    ['contracautela', 'caucion juratoria', 'medida fuera de proceso', 'cautelar antes de demandar'],
    'medida cautelar fuera proceso contracautela',
  ],
  [
    ['secuestro judicial', 'secuestro conservativo', 'secuestro de bienes', 'secuestro de vehiculo'],
    'secuestro bienes embargo',
  ],
  [
    [
      'embargaron mi casa',
      'embargar mi casa',
      'embargo de inmueble',
      'embargaron mi terreno',
      'embargaron mi departamento',
    ],
    'embargo inscripcion inmueble registro',
  ],
  [
    ['embargaron mis cosas', 'embargaron mis muebles', 'se llevaron mis cosas', 'embargo en deposito'],
    'embargo deposito secuestro bienes muebles',
  ],
  [
    [
      'inembargable',
      'inembargables',
      'no me pueden embargar',
      'no pueden embargar',
      'que no se puede embargar',
    ],
    'bienes inembargables embargo',
  ],
  [
    [
      'terceria',
      'deuda de otro',
      'deuda ajena',
      'no soy el deudor',
      'embargaron lo mio',
      'bienes de un tercero',
    ],
    'terceria propiedad intervencion excluyente',
  ],
  [['remate', 'rematar', 'subasta', 'subastar', 'martillero'], 'remate tasacion'],
  [
    ['anotacion de demanda', 'anotar la demanda', 'inscribir la demanda'],
    'anotacion demanda registros publicos',
  ],
  [['no innovar', 'prohibicion de innovar', 'que no construya', 'que no cambie nada'], 'prohibicion innovar'],
  [
    ['no cumple la sentencia', 'hacer cumplir la sentencia', 'ejecutar la sentencia', 'cumplir la sentencia'],
    'ejecucion resoluciones judiciales mandato',
  ],
  [['casacion', 'corte suprema', 'ir a la suprema', 'la suprema'], 'casacion corte suprema'],
  [
    [
      'recurso de queja',
      'denegaron mi apelacion',
      'no me concedieron la apelacion',
      'me negaron la apelacion',
      'improcedente la apelacion',
    ],
    'recurso queja apelacion denegada',
  ],
  [
    ['aclarar la sentencia', 'aclaracion', 'corregir la sentencia', 'error en la sentencia'],
    'aclaracion correccion resolucion',
  ],
  [
    ['nulidad procesal', 'nulidad de actuados', 'anular el juicio', 'anular el proceso'],
    'nulidad actos procesales',
  ],
  [
    ['cosa juzgada fraudulenta', 'juicio fraudulento', 'sentencia fraudulenta', 'sentencia con fraude'],
    'nulidad cosa juzgada fraudulenta',
  ],
  [
    ['acumulacion', 'acumular procesos', 'juntar procesos', 'juntar demandas'],
    'acumulacion pretensiones procesos',
  ],
  [['varios demandados', 'demandar a varios', 'varios demandantes', 'litisconsorcio'], 'litisconsorcio'],
  [['sin abogado', 'necesito abogado', 'firma de abogado', 'defensa cautiva'], 'defensa cautiva abogado'],
  [['temeridad', 'mala fe procesal', 'litigante malicioso', 'demanda maliciosa'], 'temeridad mala fe'],
  [['aceptar la demanda', 'reconocer la demanda', 'me allano'], 'allanamiento reconocimiento'],
  [['transaccion', 'transigir', 'acuerdo en el juicio', 'arreglo en el juicio'], 'transaccion judicial'],
  [
    [
      'falte a la audiencia',
      'no fui a la audiencia',
      'no asisti a la audiencia',
      'no se presento a la audiencia',
    ],
    'concurren asisten audiencia',
  ],
  [
    [
      'no me quiere recibir el pago',
      'no quiere recibir la plata',
      'no quiere recibir el pago',
      'consignacion',
    ],
    'ofrecimiento pago consignacion',
  ],
  [
    [
      'cuanto demora el juicio',
      'cuanto dura el juicio',
      'cuanto demora un proceso',
      'el juez no sentencia',
      'no emite sentencia',
    ],
    'plazos maximos expedir resoluciones sentencia',
  ],
  [
    ['recusar', 'recusacion', 'juez parcializado', 'cambiar de juez', 'apartar al juez', 'juez amigo'],
    'recusacion impedimento abstencion juez',
  ],
]
