CREATE TABLE "auth_throttle" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_throttle_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "actor" text;