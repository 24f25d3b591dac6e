CREATE TABLE "corpus_terms" (
	"word" text PRIMARY KEY NOT NULL,
	"ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "corpus_terms_word_trgm_idx" ON "corpus_terms" USING gin ("word" gin_trgm_ops);