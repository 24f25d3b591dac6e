import type { ThesaurusEntry } from './entry'

/** Consumidor: productos, servicios, reclamos, Indecopi. */
export const consumidor: ThesaurusEntry[] = [
  [
    [
      'fallado',
      'fallada',
      'malogrado',
      'malograda',
      'se malogro',
      'defectuoso',
      'defecto',
      'no funciona',
      'no sirve',
      'vino roto',
      'vino fallado',
    ],
    'idoneidad garantia defecto reparacion reposicion devolucion',
  ],
  [
    [
      'me lo cambien',
      'no quieren cambiar',
      'no me lo cambian',
      'cambiarmelo',
      'devolucion',
      'devuelvan',
      'reembolso',
      'reembolsen',
    ],
    'reposicion devolucion',
  ],
  [['tienda', 'negocio', 'proveedor', 'vendedor'], 'proveedor'],
  [
    ['compre algo', 'compre un', 'compre una', 'producto', 'articulo comprado', 'consumidor', 'cliente'],
    'consumidor producto',
  ],
  [['indecopi'], 'indecopi proteccion consumidor'],
  [['reclamo', 'reclamar', 'reclame', 'queja', 'quejarme'], 'reclamo reclamaciones'],
  [['libro de reclamaciones', 'hoja de reclamaciones'], 'libro reclamaciones'],
  [
    ['call center', 'me llaman', 'llamadas', 'publicidad por telefono', 'mensajes de texto', 'spam'],
    'metodos comerciales llamadas telefonicas mensajes',
  ],
  [
    [
      'me cobran',
      'cobrarme',
      'cobranza',
      'cobradores',
      'me llaman a cobrar',
      'cobrar deudas',
      'acoso de cobranza',
    ],
    'cobranza metodos',
  ],
  [
    [
      'discoteca',
      'restaurante',
      'no me dejaron entrar',
      'derecho de admision',
      'establecimiento',
      'centro comercial',
    ],
    'establecimientos abiertos publico discriminacion consumidores',
  ],
  [
    ['universidad', 'instituto', 'colegio privado', 'pension escolar', 'matricula'],
    'servicios educativos centros educativos',
  ],
  [
    ['pago extra', 'cobro extra', 'cobro adicional', 'me cobran de mas', 'cobro indebido'],
    'cobros montos adicionales',
  ],
  [
    [
      'luz',
      'agua',
      'telefono',
      'internet',
      'cable',
      'recibo',
      'servicio basico',
      'servicio publico',
      'cortar el servicio',
      'corte',
    ],
    'servicios publicos regulados suministro',
  ],
  [
    ['banco', 'tarjeta de credito', 'credito', 'prestamo bancario', 'intereses del banco'],
    'servicios financieros entidad financiera',
  ],
  [['garantia'], 'garantia'],
  [['publicidad enganosa', 'oferta', 'promocion', 'publicidad'], 'publicidad informacion consumidor'],

  [
    ['precio', 'precios', 'me cobraron mas', 'precio diferente', 'precio en la etiqueta'],
    'precio integridad informacion',
  ],
  [['letra chica', 'clausula abusiva', 'clausulas abusivas', 'condiciones abusivas'], 'clausulas abusivas'],
  [
    [
      'cancelar el servicio',
      'dar de baja',
      'no me dejan cancelar',
      'resolver el contrato',
      'anular la suscripcion',
    ],
    'resolucion contrato metodos comerciales coercitivos',
  ],
  [
    ['producto vencido', 'comida vencida', 'alimento vencido', 'en mal estado', 'intoxicacion'],
    'salud seguridad consumidores alimentos',
  ],
  [['etiqueta', 'etiquetado', 'rotulado', 'octogonos'], 'rotulado etiquetado'],
  [['propaganda', 'publicidad falsa', 'anuncio', 'me prometieron'], 'publicidad enganosa'],
  [['departamento en planos', 'inmobiliaria', 'constructora', 'compre un depa'], 'productos inmobiliarios'],
  [['clinica', 'servicio de salud', 'mala praxis', 'negligencia medica'], 'servicios salud'],
  [['aerolinea', 'vuelo', 'pasaje', 'bus', 'transporte', 'maleta', 'equipaje'], 'transporte pasajeros'],
  [
    ['tarjeta', 'cobro de comisiones', 'comisiones', 'seguro desgravamen', 'estado de cuenta'],
    'servicios financieros comisiones',
  ],
  [['pagos adelantados', 'prepago', 'pagar antes'], 'pago anticipado prepago'],
  [
    ['denunciar en indecopi', 'queja en indecopi', 'denuncia ante indecopi', 'multar a la empresa'],
    'denuncia infraccion sancion indecopi',
  ],
  [['arbitraje de consumo'], 'arbitraje consumo'],
  [
    [
      'producto peligroso',
      'productos peligrosos',
      'sustancia peligrosa',
      'exploto',
      'me lastimo el producto',
    ],
    'deber seguridad riesgo peligrosidad advertencia',
  ],
  [
    [
      'cola preferencial',
      'atencion preferente',
      'atencion preferencial',
      'ventanilla preferencial',
      'adulto mayor',
      'adultos mayores',
    ],
    'trato preferente gestantes adultos mayores discapacidad',
  ],
  [
    [
      'constancia de no adeudo',
      'carta de no adeudo',
      'ya cancele mi deuda',
      'ya pague el prestamo',
      'cancele el credito',
    ],
    'constancia cancelacion creditos',
  ],
  [['redondeo', 'redondean', 'redondear', 'el vuelto', 'mi vuelto', 'centimos'], 'redondeo precios vuelto'],
  [
    ['pagar con tarjeta', 'no aceptan tarjeta', 'solo efectivo', 'recargo por tarjeta', 'medio de pago'],
    'medio pago tarjeta',
  ],
  [['precio en dolares', 'en dolares', 'tipo de cambio'], 'precios moneda nacional extranjera tipo cambio'],
  [['repuestos', 'repuesto', 'accesorios'], 'suministro partes accesorios'],
  [
    [
      'servicio tecnico',
      'taller mecanico',
      'taller de reparacion',
      'lo mande a reparar',
      'lo repararon mal',
      'arreglaron mal',
    ],
    'servicios reparacion',
  ],
  [
    ['sorteo', 'sorteos', 'rifa', 'canje', 'premio', 'gane un premio'],
    'sorteos canjes concursos promociones',
  ],
  [
    ['publicidad para ninos', 'publicidad dirigida a ninos', 'publicidad infantil'],
    'publicidad menores edad',
  ],
  [
    [
      'aseguradora',
      'compania de seguros',
      'poliza',
      'siniestro',
      'el seguro no quiere pagar',
      'no me paga el seguro',
    ],
    'seguros poliza reclamo',
  ],
  [['eps', 'plan de salud', 'seguro privado', 'seguro de salud privado'], 'seguros salud planes programas'],
  [['peso incompleto', 'menos cantidad', 'pesaron mal', 'kilo incompleto'], 'defectos cantidad'],
  [
    [
      'medida correctiva',
      'medidas correctivas',
      'me devuelvan el dinero',
      'me devuelvan la plata',
      'devuelvan mi dinero',
    ],
    'medidas correctivas reparadoras devolucion',
  ],
  [
    ['venta atada', 'me obligaron a comprar', 'condicionan la venta', 'condicionar la venta'],
    'metodos comerciales coercitivos',
  ],
  [
    [
      'no responden mi reclamo',
      'no contestan mi reclamo',
      'respuesta al reclamo',
      'plazo para responder el reclamo',
    ],
    'atencion reclamos plazo respuesta',
  ],
  [
    ['transgenico', 'transgenicos', 'geneticamente modificado', 'alimentos organicos'],
    'alimentos geneticamente modificados organicos etiquetado',
  ],
  [['asociacion de consumidores', 'asociaciones de consumidores'], 'asociaciones consumidores'],
  [
    ['demanda colectiva', 'muchos afectados', 'todos los clientes', 'intereses difusos'],
    'defensa colectiva intereses colectivos difusos',
  ],
  [
    ['especular', 'especulacion', 'acaparar', 'subieron los precios', 'precios abusivos'],
    'acaparar especular situacion emergencia',
  ],
  [
    ['producto defectuoso', 'productos defectuosos', 'danos por el producto', 'el producto me causo'],
    'responsabilidad civil productos defectuosos danos',
  ],
]
