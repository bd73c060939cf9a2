CREATE TABLE "partners_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"checkout_id" text NOT NULL,
	"partner_id" bigint NOT NULL,
	"channel_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"sale_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"ledger_entry_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partners_sales_commission" CHECK ("partners_sales"."commission_cents" >= 0 and "partners_sales"."commission_cents" <= "partners_sales"."sale_cents")
);
--> statement-breakpoint
CREATE TABLE "partners_partners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"channels" text[] NOT NULL,
	"offers" text[] NOT NULL,
	"commission_bps" integer NOT NULL,
	"logo_url" text,
	"primary_colour" text NOT NULL,
	"accent_colour" text NOT NULL,
	"website_url" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partners_partners_commission_bps" CHECK ("partners_partners"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" DROP CONSTRAINT "wallet_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "partners_sales" ADD CONSTRAINT "partners_sales_partner_id_partners_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_sales_checkout_key" ON "partners_sales" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "partners_sales_partner_idx" ON "partners_sales" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_partners_slug_key" ON "partners_partners" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_partners_key_key" ON "partners_partners" USING btree ("key");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind_check" CHECK (("wallet_accounts"."customer_id" is not null and "wallet_accounts"."kind" in ('deposit', 'winnings', 'bonus', 'pending_withdrawal')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" in ('gateway_clearing', 'sales', 'prize_liability', 'promotions')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" like 'partner\_commission:%'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus', 'commission'));