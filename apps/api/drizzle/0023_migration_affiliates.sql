CREATE TABLE "migration_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"legacy_email" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"status" text NOT NULL,
	"eligibility" text NOT NULL,
	"ledger_entry_id" text,
	"imported_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone,
	"migrated_at" timestamp with time zone,
	CONSTRAINT "migration_accounts_status_check" CHECK ("migration_accounts"."status" in ('ineligible', 'eligible_soft', 'eligible_hard', 'in_progress', 'migrated')),
	CONSTRAINT "migration_accounts_eligibility_check" CHECK ("migration_accounts"."eligibility" in ('eligible_soft', 'eligible_hard')),
	CONSTRAINT "migration_accounts_balance_check" CHECK ("migration_accounts"."balance_cents" >= 0),
	CONSTRAINT "migration_accounts_currency_check" CHECK ("migration_accounts"."currency" in ('AUD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "orders_affiliations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_affiliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"checkout_id" bigint NOT NULL,
	"affiliate_code" text NOT NULL,
	"customer_id" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "cart_carts" ADD COLUMN "affiliate_code" text;--> statement-breakpoint
ALTER TABLE "orders_affiliations" ADD CONSTRAINT "orders_affiliations_checkout_id_orders_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."orders_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "migration_accounts_customer_key" ON "migration_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "migration_accounts_in_progress_idx" ON "migration_accounts" USING btree ("requested_at") WHERE "migration_accounts"."status" = 'in_progress';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_affiliations_checkout_key" ON "orders_affiliations" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_affiliations_code_idx" ON "orders_affiliations" USING btree ("affiliate_code");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_check" CHECK (("wallet_accounts"."customer_id" is not null and "wallet_accounts"."kind" in ('deposit', 'winnings', 'bonus', 'pending_withdrawal')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" in ('gateway_clearing', 'sales', 'prize_liability', 'promotions', 'legacy_migration')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" like 'partner\_commission:%'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus', 'commission', 'migration'));