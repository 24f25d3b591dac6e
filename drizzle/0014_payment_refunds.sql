CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"credits_removed" integer,
	"actor_id" text,
	"actor_email" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_credits_positive" CHECK ("payment_refunds"."credits" > 0),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_one_pending_idx" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
-- Refunds recorded before payment_refunds existed (a whole payment, its credits taken back under `refund:<payment id>`)
-- become done rows, so what is left of each payment is counted from one table.
INSERT INTO "payment_refunds" ("payment_id", "credits", "amount_cents", "status", "credits_removed", "reason", "created_at", "settled_at")
SELECT p."id", l."amount", p."amount_cents", 'done', coalesce(-r."amount", 0), coalesce(r."reason", 'Reembolso registrado en la consola'), p."refunded_at", p."refunded_at"
FROM "payments" p
JOIN "credit_ledger" l ON l."reference" = 'payment:' || p."provider" || ':' || p."provider_payment_id"
LEFT JOIN "credit_ledger" r ON r."reference" = 'refund:' || p."id"
WHERE p."refunded_at" IS NOT NULL AND l."amount" > 0 AND p."amount_cents" > 0;
