CREATE TABLE "corpus_reingests" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"actor_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ingested" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "corpus_reingests_one_running_idx" ON "corpus_reingests" USING btree ("state") WHERE "corpus_reingests"."state" = 'running';