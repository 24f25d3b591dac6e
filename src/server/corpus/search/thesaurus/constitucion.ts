import type { ThesaurusEntry } from './entry'

/** Constitución: derechos fundamentales, Estado, procesos constitucionales. */
export const constitucion: ThesaurusEntry[] = [
  [['votar', 'voto', 'elecciones', 'sufragar', 'elegir'], 'voto sufragio ciudadanos'],
  [['obligado a votar', 'voto obligatorio', 'multa por no votar'], 'voto obligatorio edad'],
  [['ciudadano', 'ciudadania', 'dni'], 'ciudadanos ciudadania'],
  [['postular', 'candidato', 'candidatear', 'ser presidente'], 'elegido requisitos candidato'],
  [['presidente', 'presidencia', 'mandatario'], 'presidente republica'],
  [['cuanto dura', 'cuanto tiempo dura', 'duracion', 'dura'], 'duracion plazo periodo'],
  // Since the 2024 reform the Congress is two chambers: the Constitution speaks of the Senado and the Cámara de
  // Diputados, and only the latter can be dissolved.
  [
    ['cerrar el congreso', 'disolver el congreso', 'cierre del congreso'],
    'disolucion congreso camara diputados',
  ],
  [['vacar', 'vacancia', 'sacar al presidente', 'destituir'], 'vacancia presidencia'],
  [['congresista*', 'congreso', 'parlamento'], 'congreso congresistas senado diputados'],
  [
    ['nacionalidad', 'nacionalizar', 'nacionalizarme', 'doble nacionalidad', 'peruano'],
    'nacionalidad peruanos',
  ],
  [
    ['expropiar', 'expropiacion', 'quitarme mi terreno', 'quitarme mi casa', 'obra publica'],
    'expropiacion necesidad publica indemnizacion justipreciada',
  ],
  [
    ['colegio', 'escuela', 'colegios', 'educacion', 'estudiar', 'gratis', 'gratuita', 'gratuito'],
    'educacion gratuita',
  ],
  [['salud', 'hospital', 'medico', 'posta', 'atencion medica', 'sis'], 'salud'],
  [
    [
      'habeas corpus',
      'hábeas corpus',
      'detenido sin motivo',
      'libertad personal',
      'detencion arbitraria',
      'detenido sin orden',
    ],
    'habeas corpus libertad individual',
  ],
  [['amparo'], 'amparo derechos constitucionales'],
  [
    [
      'informacion publica',
      'pedi informacion',
      'no me dan la informacion',
      'no me la quieren dar',
      'transparencia',
    ],
    'acceso informacion publica habeas data',
  ],
  [
    [
      'se niega a cumplir',
      'no cumple la ley',
      'no cumplen la ley',
      'incumple',
      'no acata',
      'accion de cumplimiento',
      'proceso de cumplimiento',
    ],
    'cumplimiento accion norma',
  ],
  [['reglamento', 'reglamentos', 'decreto supremo'], 'reglamentos accion popular normas'],
  [
    [
      'discriminacion',
      'discrimina*',
      'racismo',
      'color de piel',
      'por ser',
      'por mi raza',
      'por mi orientacion',
    ],
    'discriminacion igualdad trato',
  ],
  [['libertad de expresion', 'opinar', 'opinion', 'censura'], 'libertad expresion opinion difusion'],
  [['proceso constitucional', 'tribunal constitucional', 'tc'], 'proceso constitucional'],
  [['privacidad', 'intimidad', 'vida privada'], 'intimidad vida privada'],

  [
    ['estado de emergencia', 'toque de queda', 'inmovilizacion', 'estado de sitio', 'cuarentena'],
    'estado emergencia excepcion',
  ],
  [
    ['marcha', 'marchas', 'protesta', 'protestar', 'manifestacion publica', 'plantones', 'reunirse'],
    'reunion pacifica',
  ],
  [
    [
      'viajar',
      'salir del pais',
      'salir del peru',
      'libre transito',
      'migraciones',
      'pasaporte',
      'impedimento de salida',
    ],
    'transitar territorio salir impedimento salida',
  ],
  [
    ['religion', 'creencias', 'mi fe', 'iglesia', 'culto', 'estado laico', 'laico'],
    'conciencia religion creencias',
  ],
  [
    ['inmunidad', 'blindaje', 'no lo pueden procesar', 'levantar la inmunidad'],
    'inmunidad parlamentaria congresistas',
  ],
  [['defensoria del pueblo', 'defensor del pueblo'], 'defensoria pueblo'],
  [['extraditar', 'extradicion', 'extraditado'], 'extradicion'],
  [
    ['cambiar la constitucion', 'nueva constitucion', 'asamblea constituyente', 'reformar la constitucion'],
    'reforma constitucional referendum',
  ],
  [['referendum', 'consulta popular'], 'referendum consulta popular'],
  [
    ['revocatoria', 'revocar al alcalde', 'sacar al alcalde', 'revocar autoridades'],
    'revocacion autoridades',
  ],
  [['gobernador', 'gobierno regional', 'region'], 'gobiernos regionales'],
  [
    ['ministro', 'ministros', 'premier', 'censura', 'cuestion de confianza', 'interpelacion'],
    'consejo ministros censura confianza',
  ],
  [
    ['indulto', 'indultar', 'amnistia', 'conmutar la pena', 'gracia presidencial'],
    'indulto conmutacion amnistia',
  ],
  [['fuerzas armadas', 'militares', 'ejercito', 'servicio militar'], 'fuerzas armadas'],
  [
    ['doble instancia', 'segunda instancia', 'revisar la sentencia', 'otro juez revise'],
    'pluralidad instancia',
  ],
  [
    ['debido proceso', 'derecho de defensa', 'no me dejaron defenderme', 'sin escucharme'],
    'debido proceso defensa',
  ],
  [['juzgar dos veces', 'dos veces por lo mismo', 'ya fui juzgado', 'cosa juzgada'], 'cosa juzgada'],
  [
    ['idioma', 'quechua', 'aimara', 'lengua originaria', 'lengua materna', 'interprete', 'traductor'],
    'idioma lengua interprete',
  ],
  [
    ['comunidad campesina', 'comunidades nativas', 'comuneros', 'indigena', 'indigenas'],
    'comunidades campesinas nativas',
  ],
  [
    ['monopolio', 'acaparamiento', 'concertacion de precios', 'libre competencia'],
    'monopolio libre competencia',
  ],
  [['seguro social', 'seguro de salud', 'essalud', 'seguro medico'], 'seguridad social salud'],
  [
    ['medio ambiente', 'contaminacion', 'contaminan', 'contamina', 'basura', 'relave'],
    'ambiente contaminacion ambiental',
  ],
  [
    ['mi imagen', 'mi foto', 'mis fotos', 'mi voz', 'usaron mi foto', 'publicaron mi foto'],
    'imagen voz intimidad',
  ],
  [['mi honor', 'mi reputacion', 'mi buen nombre', 'me desprestigian'], 'honor buena reputacion'],
  [['rectificacion', 'que se rectifique', 'derecho de rectificacion'], 'rectificacion'],
  [['pedir informacion', 'solicitar informacion', 'acceso a la informacion'], 'acceso informacion publica'],
  [['trabajar donde quiera', 'libertad de trabajo', 'libertad de empresa'], 'libertad trabajo empresa'],
  [['identidad', 'mi identidad', 'documento de identidad'], 'identidad'],
  [
    ['nacer', 'nacimiento', 'partida de nacimiento', 'inscribir a mi hijo', 'registrar a mi hijo'],
    'inscripcion nacimiento',
  ],
  // Código Procesal Constitucional: who may file, deadlines, prior remedies, the TC.
  [['improcedente', 'rechazaron mi amparo', 'no procede el amparo'], 'causales improcedencia'],
  [['vias previas', 'via previa', 'agotar la via', 'antes del amparo'], 'agotamiento vias previas'],
  [
    ['plazo para el amparo', 'plazo para presentar amparo', 'dias para presentar amparo', 'amparo prescribe'],
    'plazo interposicion demanda prescripcion',
  ],
  [
    ['quien puede presentar', 'quien puede interponer', 'en nombre de otro'],
    'legitimacion procuracion oficiosa representacion',
  ],
  [['habeas data', 'hábeas data'], 'habeas data autodeterminacion informativa acceso informacion'],
  [
    ['desaparicion forzada', 'lo desaparecieron', 'no saben donde esta detenido'],
    'desaparicion forzada habeas corpus',
  ],
  [
    ['inconstitucional', 'inconstitucionalidad', 'contra la constitucion', 'viola la constitucion'],
    'inconstitucionalidad demanda tribunal constitucional',
  ],
  [
    ['recurso de agravio', 'agravio constitucional', 'llegar al tribunal constitucional', 'ir al tc'],
    'recurso agravio constitucional',
  ],
  [
    [
      'corte interamericana',
      'comision interamericana',
      'cidh',
      'corte internacional',
      'organismo internacional',
    ],
    'organismos internacionales jurisdiccion internacional',
  ],
  [
    ['proceso competencial', 'conflicto de competencias', 'conflicto entre poderes'],
    'proceso competencial atribuciones',
  ],
  // Constitución: rights of art. 2 and institutions people ask about.
  [
    ['prision por deuda', 'carcel por deuda', 'preso por deber', 'preso por deuda', 'presa por deuda'],
    'prision deudas',
  ],
  [
    [
      'chuponeo',
      'chuponearon',
      'interceptar',
      'pincharon mi telefono',
      'leer mis mensajes',
      'revisar mi celular',
      'mi correspondencia',
    ],
    'secreto inviolabilidad comunicaciones documentos privados',
  ],
  [['mis cuentas bancarias'], 'secreto bancario reserva tributaria'],
  [
    ['asociacion', 'asociarme', 'formar una asociacion', 'fundacion', 'ong'],
    'asociarse fundaciones organizaciones',
  ],
  [
    ['libertad de prensa', 'periodista', 'periodistas', 'medios de comunicacion', 'la prensa'],
    'libertad informacion expresion medios comunicacion social',
  ],
  [
    ['vicepresidente', 'quien reemplaza al presidente', 'sucesion presidencial', 'encargado del despacho'],
    'vicepresidente vacancia impedimento',
  ],
  [['reeleccion', 'reelegir', 'reelegido', 'volver a postular'], 'reeleccion inmediata'],
  [
    ['acusacion constitucional', 'juicio politico', 'antejuicio', 'inhabilitar al presidente'],
    'acusacion constitucional antejuicio inhabilitar',
  ],
  [
    ['junta nacional de justicia', 'jnj', 'nombrar jueces', 'destituir a un juez', 'destituir jueces'],
    'junta nacional justicia nombramiento jueces fiscales',
  ],
  [['fiscal de la nacion', 'ministerio publico'], 'ministerio publico fiscal nacion'],
  [
    [
      'decreto de urgencia',
      'decretos de urgencia',
      'decreto legislativo',
      'delegar facultades',
      'facultades legislativas',
    ],
    'decretos urgencia legislativos delegar facultades',
  ],
  [
    ['proyecto de ley', 'iniciativa legislativa', 'proponer una ley', 'juntar firmas', 'recolectar firmas'],
    'iniciativa legislativa ciudadanos',
  ],
  [
    ['aprobar una ley', 'como se aprueba una ley', 'promulgar', 'promulgacion', 'observar la ley'],
    'aprobacion promulgacion observacion leyes',
  ],
  [['tratado internacional', 'tratados internacionales', 'convenio internacional'], 'tratados aprobacion'],
  [['presupuesto publico', 'presupuesto del estado', 'presupuesto nacional'], 'presupuesto publico'],
  [['contraloria', 'contralor'], 'contraloria general'],
  [['banco central', 'bcr', 'bcrp'], 'banco central reserva'],
  [
    ['jne', 'onpe', 'reniec', 'jurado nacional de elecciones'],
    'sistema electoral jurado nacional elecciones',
  ],
  [['partido politico', 'partidos politicos', 'afiliarme a un partido'], 'partidos politicos organizaciones'],
  [
    [
      'sin fundamentar',
      'no fundamentaron',
      'sin motivacion',
      'no esta motivada',
      'sin fundamentos',
      'no explica por que',
    ],
    'motivacion fundamentos',
  ],
  [
    ['error judicial', 'preso injustamente', 'encarcelado injustamente', 'carcel injusta', 'preso por error'],
    'indemnizacion errores judiciales detenciones arbitrarias',
  ],
  [['incomunicado', 'me incomunicaron', 'sin ver a mi abogado'], 'incomunicado'],
  [
    ['no me pueden obligar', 'nadie esta obligado', 'ley no prohibe', 'lo que la ley no manda'],
    'obligado hacer ley manda impedido prohibe',
  ],
  [
    ['recursos naturales', 'mineria', 'minera', 'petroleo', 'concesion minera'],
    'recursos naturales patrimonio nacion concesion',
  ],
  [
    ['empresa del estado', 'empresas estatales', 'empresas publicas', 'estado empresario'],
    'actividad empresarial estado subsidiaria',
  ],
  [
    ['extranjero comprar', 'extranjeros comprar', 'cerca de la frontera', 'zona de frontera'],
    'extranjeros propiedad fronteras',
  ],
  [
    ['gobierno local', 'gobiernos locales', 'competencias municipales'],
    'gobiernos locales municipalidades competencias',
  ],
  [
    ['simbolos patrios', 'bandera', 'himno nacional', 'escudo nacional', 'capital del peru'],
    'simbolos patria bandera escudo himno',
  ],
  [
    ['propiedad intelectual', 'creacion intelectual', 'mis inventos'],
    'creacion intelectual artistica propiedad',
  ],
  [
    ['derecho de peticion', 'peticion a la autoridad', 'pedido por escrito'],
    'peticion autoridad respuesta escrito',
  ],
]
