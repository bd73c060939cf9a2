ALTER TABLE "payments_deposits" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments_idempotency_keys" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "payments_idempotency_keys" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments_test_gateway_charges" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments_withdrawals" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_deposits_idempotency_key" ON "payments_deposits" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_test_gateway_charges_idempotency_key" ON "payments_test_gateway_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_withdrawals_idempotency_key" ON "payments_withdrawals" USING btree ("customer_id","idempotency_key");