/**
 * Words of the conversation around a question, not of its subject: 'puedo', 'tengo', 'quiero', 'hacer', 'mi', and the
 * light verbs of a story ('me puso una multa', 'sacó un préstamo'), whose object says what happened; the same said by
 * several people ('queremos', 'necesitamos', 'fuimos').
 * Postgres' Spanish stoplist drops the articles and pronouns but keeps these, and their stems ('pued', 'hac',
 * 'quier') stand in thousands of articles ('el juez puede…'), so they only add noise to a question's ranking.
 * Folded forms (no accents). Phrases that carry meaning ('cuanto tiempo', 'a que edad') are read by the thesaurus
 * before this list applies.
 */
const WORDS = `
a al algo alguien algun alguna algunas alguno algunos ahi ahora aqui asi aun bien cada caso casos como con contra
cosa cosas cual cuales cualquier cualquiera cuando cuanto cuanta cuantos cuantas de del desde donde dr dra el ella
ellos en entonces era es eso esa ese esos esas esta estan estar este esto estoy estos favor fue hace hacen hacer
hago haga hagan hay hola igual la las le les lo los mal me mi mis mio mia mios mias muy nada nadie ni no nos nuestro
nuestra o otra otro otros otras para pasa pasar pero poco podemos podria podrian podriamos por porque pregunta
preguntar pueda puedan puedo puede pueden que quien quienes quiere quieren quiero quisiera saber se sea ser si
siempre sigue sin sirve sobre solo somos son soy su sus tambien tanto te tenemos tener tengo tiene tienen toda todas
todavia todo todos tu tus un una unas uno unos usted ustedes va vamos van vez veces y ya yo debo debe deben deberia
deberian necesito necesita necesitan sabe se entonces dice dicen decir quiere queria ademas realmente legal legalmente
ok oiga senor senora buenas buenos consulta ayuda ayudar
ver veo dejar deja dejan meter mete meten poner pone ponen ponga dar da dan llevar lleva tomar toma
puso pusieron puse dio dieron di hizo hicieron hice tuvo tuvieron tuve dijo dijeron dije fui fueron
saco sacaron sacar saca sacan sacado cerca lejos
amigo amiga amigos amigas conocido conocida companero companera
queremos queriamos quisieramos necesitamos necesitabamos debemos deberiamos sabemos hacemos hicimos estamos
fuimos dimos pusimos tuvimos sacamos dejamos
`

export const QUERY_STOPWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean))

/** The words of a folded query that carry its subject, in order, without numbers (they never match text). */
export function contentWords(words: string[]): string[] {
  return words.filter((w) => !QUERY_STOPWORDS.has(w) && !/^\d+$/.test(w) && w.length > 1)
}
