CREATE TABLE "corpus_norm_terms" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"postings" text NOT NULL
);
