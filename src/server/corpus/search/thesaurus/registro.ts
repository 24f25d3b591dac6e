import type { ThesaurusEntry } from './entry'

/**
 * Everyday words → the formal register the law writes in, whatever the area: people say 'los mismos derechos',
 * 'sin pagarme', 'se murió', 'repartir', 'un colombiano'; the law says 'iguales derechos', 'sin retribución',
 * 'fallecimiento', 'partición', 'extranjero'. One-word keys add synonyms at half the weight of the user's word
 * (concepts.ts), so a word the law also uses keeps its own sense first.
 */
export const registro: ThesaurusEntry[] = [
  [['mismos derechos', 'mismo derecho', 'igualito', 'iguales'], 'igualdad iguales derechos'],
  [['discriminan', 'discriminaron', 'me tratan diferente', 'trato diferente'], 'discriminacion igualdad'],
  [
    ['sin pagarme', 'sin paga', 'sin que me paguen', 'de gratis', 'sin cobrar', 'ad honorem'],
    'retribucion gratuito remuneracion',
  ],
  [['inventar', 'inventarse', 'inventan', 'invento', 'crear', 'crearon'], 'crear creacion'],
  [
    ['repartir', 'repartan', 'repartirse', 'reparto', 'dividir la casa', 'dividir el terreno'],
    'particion division',
  ],
  [['se murio', 'murieron', 'difunta', 'finado', 'finada'], 'fallecimiento muerte'],
  [
    [
      'colombiano*',
      'venezolan*',
      'chileno*',
      'boliviano*',
      'ecuatorian*',
      'argentino*',
      'brasilen*',
      'gringo*',
      'extranjer*',
      'no soy peruano',
      'no es peruano',
    ],
    'extranjero extranjeros',
  ],
  [['peruano de nacimiento', 'nacido en el peru', 'nacionalizado'], 'nacionalidad peruanos'],
  [['frontera', 'fronteras'], 'fronteras kilometros'],
  [['devolver', 'devuelva', 'devolverme', 'me devuelven'], 'devolucion restitucion'],
  [['malogro', 'malograron', 'averiado', 'averiada'], 'dano defecto deterioro'],
  [
    ['obligar', 'obligaron', 'me obligan', 'me obligaron', 'forzar', 'me forzaron', 'a la fuerza'],
    'obligado coaccion',
  ],
  [['me lleve', 'se llevo', 'se llevaron', 'llevarse'], 'apoderarse sustraer'],
  [['carro', 'carros', 'auto', 'autos', 'camioneta', 'moto', 'motos'], 'vehiculo'],
  [['firmar', 'firme', 'firmo', 'firmaron', 'hacerme firmar'], 'suscribir firma'],
  [['papel', 'papeles', 'un papelito', 'documentos'], 'documento'],
  [['a proposito', 'adrede', 'con intencion', 'con mala intencion', 'queriendo'], 'dolo intencional'],
  [['hambre', 'por necesidad', 'para comer', 'no tenia para comer'], 'necesidad famelico'],
  [
    ['pelea', 'peleas', 'peleando', 'nos peleamos', 'bronca', 'gresca', 'se agarraron a golpes'],
    'rina lesiones',
  ],
  [['dueno', 'duenos', 'duena', 'propietaria'], 'propietario propiedad'],
  [['vendio', 'vendieron', 'venderle'], 'venta compraventa enajenar'],
  [['arreglo de', 'arreglar la', 'arreglar el', 'reparar', 'reparacion de'], 'reparacion reparaciones'],
  [['subir', 'subieron', 'me suben', 'aumentar', 'aumentaron'], 'aumento incremento'],
  [['bajar', 'bajaron', 'me bajan', 'rebajar', 'recortar', 'recortaron'], 'reduccion disminucion'],
  [['quitar', 'quitarle', 'quitarme', 'le quitan', 'me quitan'], 'privacion perdida'],
  [['avisar', 'avisaron', 'no me avisaron', 'sin avisarme', 'me entere'], 'notificacion comunicacion'],
  [['cuanto me cobran', 'me cobraron de mas', 'cobro de mas'], 'cobro indebido'],
  [['botar de la casa', 'sacar de la casa', 'me quieren sacar', 'desalojarme'], 'desalojo'],
  [['enfermo', 'enferma', 'enfermedad'], 'enfermedad salud'],
  [['mentir', 'mintio', 'miente', 'mentiras', 'me mintieron'], 'falsedad falso engano'],
  [['esconder', 'escondio', 'escondido'], 'ocultamiento ocultar'],
  [['regalo', 'me regalo', 'regalarle'], 'donacion'],
  [['cambiar', 'cambiaron', 'me cambian', 'cambio de'], 'modificacion variacion'],
  [['pedir', 'pedi', 'pidio', 'solicite', 'pedirle'], 'solicitud solicitar'],
  [['nunca me respondieron', 'no hay respuesta'], 'respuesta plazo silencio'],
  [
    ['perder el juicio', 'si pierdo', 'pierdo el juicio', 'el que pierde', 'parte que pierde'],
    'vencida costas costos',
  ],
  [['la otra parte', 'la contraparte', 'el otro lado'], 'parte contraria'],
]
