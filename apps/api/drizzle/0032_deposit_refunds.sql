CREATE TABLE "payments_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"deposit_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_key" text NOT NULL,
	"requested_by" text NOT NULL,
	"ledger_entry_id" text,
	"reversal_entry_id" text,
	"gateway_reference" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_refunds_status_check" CHECK ("payments_refunds"."status" in ('pending', 'refunded', 'failed')),
	CONSTRAINT "payments_refunds_amount_check" CHECK ("payments_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments_test_gateway_refunds" (
	"reference" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_kind_check";--> statement-breakpoint
ALTER TABLE "backoffice_adjustments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payments_deposits" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refunds_public_id_key" ON "payments_refunds" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refunds_request_key" ON "payments_refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "payments_refunds_deposit_idx" ON "payments_refunds" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "payments_refunds_pending_idx" ON "payments_refunds" USING btree ("id") WHERE "payments_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_test_gateway_refunds_refund_key" ON "payments_test_gateway_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "payments_test_gateway_refunds_order_idx" ON "payments_test_gateway_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_adjustments_request_key" ON "backoffice_adjustments" USING btree ("request_key");--> statement-breakpoint
ALTER TABLE "payments_deposits" ADD CONSTRAINT "payments_deposits_refunded_check" CHECK ("payments_deposits"."refunded_cents" >= 0 and "payments_deposits"."refunded_cents" <= "payments_deposits"."amount_cents");--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus', 'commission', 'migration', 'adjustment', 'deposit_refund'));