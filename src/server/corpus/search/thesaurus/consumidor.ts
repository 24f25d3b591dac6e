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
]
