CREATE TABLE "backoffice_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"entry_id" text,
	CONSTRAINT "backoffice_adjustments_direction" CHECK ("backoffice_adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "backoffice_adjustments_status_check" CHECK ("backoffice_adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "backoffice_adjustments_amount" CHECK ("backoffice_adjustments"."amount_cents" > 0),
	CONSTRAINT "backoffice_adjustments_four_eyes" CHECK ("backoffice_adjustments"."decided_by" is null or "backoffice_adjustments"."decided_by" <> "backoffice_adjustments"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "backoffice_customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice_result_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"draw_id" text NOT NULL,
	"result" jsonb NOT NULL,
	"dividends" jsonb,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "backoffice_result_proposals_status" CHECK ("backoffice_result_proposals"."status" in ('proposed', 'confirmed', 'replaced')),
	CONSTRAINT "backoffice_result_proposals_four_eyes" CHECK ("backoffice_result_proposals"."confirmed_by" is null or "backoffice_result_proposals"."confirmed_by" <> "backoffice_result_proposals"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_adjustments_public_id" ON "backoffice_adjustments" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "backoffice_adjustments_status" ON "backoffice_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_customer_notes_public_id" ON "backoffice_customer_notes" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "backoffice_customer_notes_customer" ON "backoffice_customer_notes" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_result_proposals_public_id" ON "backoffice_result_proposals" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_result_proposals_waiting" ON "backoffice_result_proposals" USING btree ("draw_id") WHERE "backoffice_result_proposals"."status" = 'proposed';--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_check" CHECK (("wallet_accounts"."customer_id" is not null and "wallet_accounts"."kind" in ('deposit', 'winnings', 'bonus', 'pending_withdrawal')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" in ('gateway_clearing', 'sales', 'prize_liability', 'promotions', 'legacy_migration', 'manual_adjustments')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" like 'partner\_commission:%'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus', 'commission', 'migration', 'adjustment'));