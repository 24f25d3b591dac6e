import type { ThesaurusEntry } from './entry'

/** Datos personales: tratamiento, consentimiento, derechos ARCO. */
export const datosPersonales: ThesaurusEntry[] = [
  [
    ['datos personales', 'mis datos', 'mi informacion', 'datos mios', 'informacion personal', 'datos'],
    'datos personales titular tratamiento',
  ],
  [
    ['sin mi permiso', 'sin permiso', 'sin autorizacion', 'sin mi autorizacion', 'sin consentimiento'],
    'consentimiento',
  ],
  [
    ['borre', 'borren', 'borrar', 'eliminar', 'eliminen', 'suprimir', 'cancelar mis datos'],
    'supresion cancelacion',
  ],
  [['corregir mis datos', 'rectificar', 'actualizar mis datos'], 'rectificacion actualizacion'],
  [
    ['que datos tiene', 'saber que datos', 'de donde los saco', 'de donde saco', 'que informacion tiene'],
    'derecho acceso informacion titular',
  ],
  [
    [
      'ante quien reclamo',
      'donde reclamo',
      'donde denuncio',
      'a quien acudo',
      'no me hace caso',
      'no hacen caso',
    ],
    'tutela autoridad reclamo',
  ],
  [
    [
      'huella',
      'huella digital',
      'biometrico',
      'rostro',
      'historia clinica',
      'informacion de salud',
      'religion',
      'sensibles',
    ],
    'datos sensibles',
  ],
  [['camaras', 'videovigilancia', 'me grabaron', 'grabacion'], 'videovigilancia imagen'],
  [['oposicion', 'oponerme'], 'oposicion'],

  [['infocorp', 'central de riesgo', 'centrales de riesgo', 'me reportaron'], 'centrales riesgo datos'],
  [
    ['me venden mis datos', 'vendieron mis datos', 'compartieron mis datos', 'transfirieron mis datos'],
    'transferencia flujo datos consentimiento',
  ],
  [['fuera del pais', 'al extranjero', 'otro pais'], 'flujo transfronterizo'],
  [
    ['hackearon la base de datos', 'filtracion', 'se filtraron mis datos', 'robo de datos'],
    'seguridad tratamiento datos',
  ],
  [['base de datos', 'banco de datos', 'registro de datos'], 'banco datos personales'],
  [
    ['publicidad por correo', 'me mandan correos', 'mensajes publicitarios', 'spam'],
    'consentimiento finalidad publicidad',
  ],
  [
    ['proteccion de datos', 'autoridad de datos', 'anpd', 'ley de datos'],
    'autoridad nacional proteccion datos personales',
  ],
  [
    [
      'consigui* numero',
      'tienen mi numero',
      'sacaron mi numero',
      'obtuv* numero',
      'mi numero de celular',
      'mi correo personal',
    ],
    'datos personales consentimiento',
  ],
  [
    ['infraccion leve', 'infraccion grave', 'infraccion muy grave', 'infracciones leves'],
    'infracciones leves graves muy graves',
  ],
  [
    ['datos de mi hijo', 'datos de menores', 'fotos de mi hijo', 'datos de ninos', 'datos de mis hijos'],
    'datos ninos adolescentes tratamiento',
  ],
  [
    [
      'retirar mi consentimiento',
      'revocar mi consentimiento',
      'revocar la autorizacion',
      'ya no quiero que usen',
    ],
    'revocar consentimiento',
  ],
  [
    [
      'no necesitan mi permiso',
      'sin necesidad de consentimiento',
      'fuentes publicas',
      'fuente publica',
      'fuentes accesibles',
    ],
    'limitaciones consentimiento fuentes acceso publico',
  ],
  [
    [
      'para que usan mis datos',
      'finalidad de mis datos',
      'que haran con mis datos',
      'para que quieren mis datos',
    ],
    'derecho informacion finalidad titular',
  ],
  [
    ['algoritmo', 'decision automatizada', 'decision automatica', 'perfilamiento', 'perfil crediticio'],
    'tratamiento objetivo automatizado',
  ],
  [
    [
      'divulgaron mis datos',
      'difundieron mis datos',
      'publicaron mis datos',
      'revelaron mis datos',
      'expusieron mis datos',
    ],
    'confidencialidad datos personales',
  ],
  [
    ['encargado del tratamiento', 'empresa que procesa mis datos', 'tercerizan mis datos'],
    'encargado tratamiento prestacion servicios',
  ],
]
