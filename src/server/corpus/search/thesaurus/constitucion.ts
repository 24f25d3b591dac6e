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
  [['salud', 'hospital', 'medico', 'posta', 'atencion medica', 'essalud', 'sis'], 'salud'],
  [
    ['habeas corpus', 'hábeas corpus', 'detenido sin motivo', 'libertad personal'],
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
    ['se niega a cumplir', 'no cumple la ley', 'no cumplen la ley', 'incumple', 'no acata'],
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
  [['religion', 'creencias', 'mi fe', 'iglesia', 'culto'], 'conciencia religion creencias'],
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
]
