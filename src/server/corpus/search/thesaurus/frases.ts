import type { ThesaurusEntry } from './entry'

/** Phrases frequent across areas: situations people describe rather than name. */
export const frases: ThesaurusEntry[] = [
  [
    [
      'se queda con los hijos',
      'quedarse con los hijos',
      'se queda con el nino',
      'con quien se quedan',
      'quien se queda con',
    ],
    'tenencia custodia',
  ],
  [
    ['fallas ocultas', 'defectos ocultos', 'oculto', 'ocultos', 'oculta', 'ocultas'],
    'vicios ocultos saneamiento',
  ],
  [
    ['constructor', 'hizo mal la obra', 'mal construida', 'mal construido', 'se rajo', 'rajaduras'],
    'contratista obra vicios construccion',
  ],
  [
    [
      'no es como',
      'no era como',
      'no es lo que',
      'diferente a lo ofrecido',
      'no corresponde a lo ofrecido',
      'no cumple con lo ofrecido',
      'lo que ofrecieron',
      'lo que decia',
    ],
    'idoneidad ofrecido',
  ],
  [
    [
      'pegarle a un nino',
      'pegar a los ninos',
      'golpear a un nino',
      'maltrato infantil',
      'maltratar a un nino',
      'pegarle a mi hijo',
    ],
    'castigo fisico humillante buen trato integridad',
  ],
  [
    ['me pidio coima', 'pidio coima', 'me pidio plata', 'pidio dinero', 'le pidio dinero', 'me pide coima'],
    'cohecho pasivo funcionario',
  ],
  [['ante un juez', 'ante el juez', 'disposicion del juez', 'llevarme ante un juez'], 'disposicion juez'],
  [
    [
      'embargaron mi cuenta',
      'me embargo la cuenta',
      'embargo de cuenta',
      'retuvieron mi cuenta',
      'congelaron mi cuenta',
    ],
    'embargo retencion cuenta medida cautelar',
  ],
  [['prestamo', 'prestamos', 'preste plata', 'me presto plata', 'le preste dinero'], 'mutuo prestamo'],
  [['arreglo de la casa', 'reparaciones', 'mejoras', 'refaccion'], 'mejoras reparaciones'],
  [
    ['entrar a mi cuarto', 'entra sin permiso', 'entrar sin avisar', 'sin avisar'],
    'inviolabilidad domicilio',
  ],
  [['nadie me hace caso', 'no me hacen caso', 'no me atienden'], 'reclamo queja'],
  [['a quien denuncio', 'donde denuncio', 'donde me quejo', 'a donde voy'], 'denuncia autoridad competente'],
  [['me quitaron', 'me quito', 'me arrebato', 'me jalaron'], 'sustrae apodera bien'],
  [
    ['sin motivo', 'sin causa', 'sin razon', 'sin justificacion', 'sin explicacion'],
    'arbitrario injustificado',
  ],
  [['mi jefe me grita', 'me gritan', 'me maltratan en el trabajo', 'me humillan'], 'hostilidad dignidad'],
  [['herencia de mis padres', 'casa de mis padres', 'terreno de mis abuelos'], 'sucesion herencia herederos'],
  [
    ['ya prescribio', 'todavia me pueden cobrar', 'me pueden cobrar todavia', 'deuda vieja', 'deuda antigua'],
    'prescripcion extintiva plazo accion',
  ],
]
