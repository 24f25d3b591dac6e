import type { ThesaurusEntry } from './entry'

/** Trabajo: despido, remuneración, jornada, beneficios, hostilidad. */
export const trabajo: ThesaurusEntry[] = [
  [
    [
      '!botar*',
      '!bote',
      '!echaron',
      '!echado',
      '!corrieron',
      'despidieron',
      'despidio',
      'despedir*',
      'despedido',
      'despedida',
      'me cesaron',
      'cesado',
      '!me sacaron del trabajo',
      '!me votaron',
    ],
    'despido arbitrario indemnizacion',
  ],
  [
    ['!chamba*', '!laburo', '!camello', 'trabajo', 'trabajar', 'trabaje', 'trabajando'],
    'trabajo trabajador empleador',
  ],
  [['!sueldo*', 'salario*', '!me pagan', '!mi pago', 'jornal'], 'remuneracion'],
  [['sueldo minimo', 'salario minimo', 'sueldo basico'], 'remuneracion minima'],
  [['rebajaron sueldo', 'redujeron sueldo', 'rebaja sueldo'], 'reduccion remuneracion hostilidad'],
  [['!jefe', '!patron', '!empresa donde trabajo', 'empleadora'], 'empleador'],
  [
    [
      'maltrato laboral',
      'acoso laboral',
      'hostigamiento laboral',
      'me hostigan',
      'me humillan en el trabajo',
    ],
    'hostilidad hostigamiento',
  ],
  [['turno', 'horario', 'horarios'], 'turno horario jornada'],
  [
    [
      'horas al dia',
      'horas diarias',
      'horas semanales',
      'horas a la semana',
      'horas de trabajo',
      'jornada laboral',
    ],
    'jornada ordinaria horas',
  ],
  [['horas extra*', 'sobretiempo', 'me quedo mas horas'], 'sobretiempo jornada horas extraordinarias'],
  [['vacacion*'], 'descanso vacacional vacaciones'],
  [['gratificacion*', 'grati'], 'gratificacion'],
  [['cts', 'compensacion por tiempo'], 'compensacion tiempo servicios'],
  [['liquidacion', 'beneficios sociales', 'mis beneficios'], 'beneficios sociales remuneracion'],
  [
    ['renuncio', 'renunciar', 'renuncia', 'renuncie', 'me quiero ir de la empresa', 'dejar el trabajo'],
    'renuncia retiro voluntario preaviso',
  ],
  [
    ['con cuantos dias de anticipacion', 'avisar con anticipacion', 'aviso previo'],
    'anticipacion aviso plazo',
  ],
  [['periodo de prueba', 'a prueba', 'en prueba'], 'periodo prueba'],
  [
    [
      'contrato temporal',
      'contrato a plazo fijo',
      'contrato por tres meses',
      'renuevan el contrato',
      'renovar contrato',
      'renovando contrato',
      'contratos sucesivos',
    ],
    'contrato sujeto modalidad plazo fijo renovacion',
  ],
  [
    ['!estable', 'estabilidad', 'indefinido', 'permanente', 'nombrado'],
    'plazo indeterminado estabilidad desnaturalizacion',
  ],
  [
    ['sin contrato', 'contrato verbal de trabajo', 'no me hicieron contrato'],
    'contrato trabajo presuncion prestacion personal subordinada',
  ],
  [
    ['recibo por honorarios', 'recibos por honorarios', 'rxh', 'locacion de servicios'],
    'locacion servicios contrato trabajo subordinacion',
  ],
  [
    ['planilla', 'en planilla', 'fuera de planilla', 'no me ponen en planilla'],
    'planillas registro trabajador',
  ],
  [
    ['carta de despido', 'carta notarial de despido', 'preaviso de despido', 'descargo*'],
    'carta despido cargos defensa plazo',
  ],
  [
    ['falta grave', 'faltas graves', 'causa justa', 'causas justas'],
    'falta grave causa justa despido conducta',
  ],
  [
    ['sindicato', 'sindical', 'sindicalizado', 'afiliacion sindical'],
    'sindicato afiliacion libertad sindical',
  ],
  [['huelga', 'paro'], 'huelga'],
  [['embarazada', 'embarazo', 'gestante', 'encinta'], 'embarazo gestacion'],
  [['despido nulo', 'despido por embarazo'], 'nulo despido embarazo'],
  [
    ['accidente de trabajo', 'accidente laboral', 'me accidente trabajando'],
    'accidente trabajo seguridad salud',
  ],
  [
    ['afp', 'onp', 'jubilacion', 'jubilarme', 'me jubilo', 'aportes'],
    'pension jubilacion sistema pensiones seguridad social',
  ],
  [
    [
      'juicio laboral',
      'demanda laboral',
      'demandar a la empresa',
      'demandar a mi empleador',
      'proceso laboral',
    ],
    'proceso laboral demanda trabajador',
  ],
  [
    ['plazo para demandar', 'hasta cuando puedo demandar', 'caduca la demanda'],
    'plazo caducidad accion judicial',
  ],
  [['exempleador', 'ex empleador', 'ex jefe', 'mi antigua empresa'], 'empleador'],
  [['juzgado', 'juzgados', 'que juez', 'ante que juez', 'ante quien demando'], 'competencia juzgado juez'],

  [
    [
      'descanso medico',
      'incapacidad temporal',
      'me enferme',
      'licencia por enfermedad',
      'certificado medico',
    ],
    'suspension incapacidad temporal descanso',
  ],
  [['licencia', 'permiso laboral', 'licencia sin goce'], 'licencia suspension'],
  [
    ['maternidad', 'postnatal', 'prenatal', 'lactancia', 'licencia de maternidad'],
    'maternidad descanso lactancia',
  ],
  [
    ['traslado', 'me trasladaron', 'me mandaron a otra ciudad', 'me cambiaron de sede'],
    'traslado hostilidad',
  ],
  [['hostigamiento sexual', 'acoso sexual en el trabajo', 'mi jefe me acosa'], 'hostigamiento sexual'],
  [
    ['no me pagan el sueldo', 'no me pagan', 'atraso en el pago', 'me deben sueldos', 'falta de pago'],
    'falta pago remuneracion hostilidad',
  ],
  [
    ['cese colectivo', 'despido masivo', 'reestructuracion', 'cierre de la empresa', 'quiebra'],
    'cese colectivo causas objetivas',
  ],
  [['jubilacion obligatoria', '70 anos', 'edad de jubilacion'], 'jubilacion'],
  [['practicante', 'practicas', 'modalidad formativa'], 'modalidades formativas'],
  [
    [
      'contrato por obra',
      'contrato por temporada',
      'contrato por necesidad de mercado',
      'contrato por suplencia',
      'contrato por inicio de actividad',
    ],
    'contrato sujeto modalidad',
  ],
  [
    ['indemnizacion por despido', 'cuanto me deben pagar', 'cuanto me toca', 'cuanto me corresponde'],
    'indemnizacion despido arbitrario remuneracion',
  ],
  [['reposicion', 'reponer', 'volver a mi trabajo', 'que me repongan'], 'reposicion despido nulo'],
  [
    ['trabajo en casa', 'teletrabajo', 'trabajo a domicilio', 'trabajo remoto'],
    'trabajo domicilio teletrabajo',
  ],
  [['trabajadora del hogar', 'empleada domestica', 'trabajadora domestica'], 'trabajadores hogar'],
  [['utilidades', 'reparto de utilidades'], 'participacion utilidades'],
  [['tercerizacion', 'services', 'intermediacion', 'empresa de servicios'], 'intermediacion tercerizacion'],
  [
    ['inspeccion de trabajo', 'sunafil', 'ministerio de trabajo', 'denunciar a mi empleador'],
    'inspeccion trabajo',
  ],
]
