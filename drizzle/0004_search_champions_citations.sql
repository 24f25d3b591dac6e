CREATE TABLE "corpus_champions" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"postings" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_citations" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"cited" integer NOT NULL
);
