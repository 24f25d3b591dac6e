import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/** A norm or a ruling: what a source item's title, aliases, file and status come from. */
export const corpusDocuments = pgTable(
  'corpus_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['norma', 'sentencia'] }).notNull(),
    /** legalize-pe identifier (CON-1993) or the ruling's (APELACION-169-2025-LIMA-ESTE). */
    identifier: text('identifier').notNull(),
    country: text('country').notNull().default('PE'),
    title: text('title').notNull(),
    /** Spec §3 tipo_alias: Constitución, Ley, Decreto Legislativo, Código, Casación, Apelación… */
    tipoAlias: text('tipo_alias').notNull(),
    /** Spec §3 jerarquia_alias: Norma constitucional, Norma con rango de ley, Corte Suprema… */
    jerarquiaAlias: text('jerarquia_alias').notNull(),
    rank: text('rank').notNull(),
    status: text('status'),
    publicationDate: date('publication_date'),
    lastUpdated: date('last_updated'),
    sourceUrl: text('source_url'),
    /** The corpus file it came from, relative to the corpus folder. */
    sourcePath: text('source_path').notNull(),
    fileName: text('file_name').notNull(),
    /** Rank prior used by search (higher wins ties): constitution > codes and laws > decrees > others. */
    priority: integer('priority').notNull().default(0),
    pageCount: integer('page_count').notNull().default(0),
    /** Ruling record fields (sumilla, claims, judges…) or norm extras, for display. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('corpus_documents_identifier_idx').on(t.identifier),
    index('corpus_documents_kind_idx').on(t.kind),
  ],
)

/** The original PDF of each document (a ruling's real PDF, a norm's rendered edition), served to the viewer. */
export const corpusOriginals = pgTable('corpus_originals', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => corpusDocuments.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  /** Strong ETag for caching: the PDF's sha256. */
  etag: text('etag').notNull(),
})

/** The searchable unit: an article, a disposition, a preamble, a ruling's fundamento or its sumilla. */
export const corpusPassages = pgTable(
  'corpus_passages',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => corpusDocuments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Normalised article number ('112', '2-A', 'I') for direct references; null for non-articles. */
    number: text('number'),
    label: text('label').notNull(),
    heading: text('heading'),
    /** Structure headings above it, joined with ' › '. */
    path: text('path').notNull().default(''),
    content: text('content').notNull(),
    notes: jsonb('notes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    pageNumber: integer('page_number').notNull().default(1),
    ordinal: integer('ordinal').notNull(),
    /** Set when the same text stands in a higher-priority document: search shows that one instead. */
    duplicateOf: integer('duplicate_of'),
    /** People's words for what an article regulates (descriptors.ts): indexed, never shown. */
    descriptors: text('descriptors'),
    /** Weighted: label and heading A, structure path and title B, content C, descriptors D. */
    search: tsvector('search').notNull(),
    /**
     * The text word for word, case, spacing and punctuation aside ('artículo 69°' / 'artículo 69'): what the finish
     * finds duplicates by (finish-index.ts). Computed by the database as each passage is stored, not by the finish
     * over every article in one statement: on PGlite no search is answered while a statement runs.
     */
    contentKey: text('content_key').generatedAlwaysAs(
      sql`md5(regexp_replace(lower(content), '[^[:alnum:]]+', '', 'g'))`,
    ),
  },
  (t) => [
    index('corpus_passages_document_idx').on(t.documentId, t.ordinal),
    index('corpus_passages_search_idx').using('gin', t.search),
    index('corpus_passages_number_idx').on(t.documentId, t.number),
  ],
)

/** One row per corpus file ingested: re-runs skip unchanged files by hash and remove vanished ones. */
export const corpusFiles = pgTable('corpus_files', {
  path: text('path').primaryKey(),
  contentHash: text('content_hash').notNull(),
  documentIdentifiers: jsonb('document_identifiers').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The indexed vocabulary (stemmed words with document frequency), rebuilt after each ingestion: misspelled
 * query words are corrected against it by trigram similarity.
 */
export const corpusTerms = pgTable(
  'corpus_terms',
  {
    word: text('word').primaryKey(),
    ndoc: integer('ndoc').notNull(),
    /**
     * It stands in some law's own words (heading, structure, text), not only in the descriptor index's people's
     * words for an article: a colloquial word the law never uses still needs the law's words for it.
     */
    inLaw: boolean('in_law').notNull().default(true),
  },
  (t) => [index('corpus_terms_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
)

/**
 * Champion lists, rebuilt after each ingestion: for each indexed stem, the passages where it weighs most (a BM25F
 * impact times the passage's priors), at most a few hundred, best first, with how often it stands in the heading,
 * the structure path and the text. Search reads a query's lists instead of ranking every passage a common word
 * matches. One row per stem, its list packed in text: a query reads a few dozen rows, not thousands.
 */
export const corpusChampions = pgTable('corpus_champions', {
  lexeme: text('lexeme').primaryKey(),
  /** 'passageId,documentId,kind,inHeading,inPath,inText,inDescriptors,length' entries separated by spaces. */
  postings: text('postings').notNull(),
})

/**
 * What search marks in some articles, rebuilt after each ingestion (search/passage-marks.ts): the first and second
 * article of each section (an opening article states what the section is about) and the articles that amend another
 * norm. Read whole by the vocabulary at each load: a few thousand narrow rows instead of a pass over every article.
 */
export const corpusPassageMarks = pgTable('corpus_passage_marks', {
  passageId: integer('passage_id').primaryKey(),
  /** 1: the first article of its section, 2: the second; null: neither. */
  opening: smallint('opening'),
  /** Its text opens by amending or repealing another norm. */
  amending: boolean('amending').notNull().default(false),
})

/**
 * How many other norms cite each document ('Ley N° 29733', 'el Código Civil'), rebuilt after each ingestion: a
 * prior of use, so the Código Penal outranks the Código de Justicia Militar when both say the same words.
 */
export const corpusCitations = pgTable('corpus_citations', {
  documentId: integer('document_id').primaryKey(),
  /** Other documents that cite it. */
  cited: integer('cited').notNull(),
})

/**
 * The norm-level index, rebuilt after each ingestion: per stem, the norms it describes (in their title or names,
 * their articles' headings, their structure, their opening articles) with a weight each. Search reads it first to
 * choose the norms a question is about, then ranks articles within them (search/norm-stage.ts). One row per stem,
 * its norms packed in text: 'df documentId:weight documentId:weight …' (df: how many norms hold it).
 */
export const corpusNormTerms = pgTable('corpus_norm_terms', {
  lexeme: text('lexeme').primaryKey(),
  postings: text('postings').notNull(),
})
