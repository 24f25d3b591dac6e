CREATE TABLE "corpus_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"identifier" text NOT NULL,
	"country" text DEFAULT 'PE' NOT NULL,
	"title" text NOT NULL,
	"tipo_alias" text NOT NULL,
	"jerarquia_alias" text NOT NULL,
	"rank" text NOT NULL,
	"status" text,
	"publication_date" date,
	"last_updated" date,
	"source_url" text,
	"source_path" text NOT NULL,
	"file_name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"document_identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_originals" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"etag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text,
	"label" text NOT NULL,
	"heading" text,
	"path" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_number" integer DEFAULT 1 NOT NULL,
	"ordinal" integer NOT NULL,
	"duplicate_of" integer,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corpus_originals" ADD CONSTRAINT "corpus_originals_document_id_corpus_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."corpus_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corpus_passages" ADD CONSTRAINT "corpus_passages_document_id_corpus_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."corpus_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_documents_identifier_idx" ON "corpus_documents" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "corpus_documents_kind_idx" ON "corpus_documents" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "corpus_passages_document_idx" ON "corpus_passages" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "corpus_passages_search_idx" ON "corpus_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "corpus_passages_number_idx" ON "corpus_passages" USING btree ("document_id","number");