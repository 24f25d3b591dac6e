CREATE TABLE "corpus_passage_marks" (
	"passage_id" integer PRIMARY KEY NOT NULL,
	"opening" smallint,
	"amending" boolean DEFAULT false NOT NULL
);
