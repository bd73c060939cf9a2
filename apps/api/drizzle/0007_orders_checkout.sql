CREATE TABLE "orders_checkouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"bonus_credit_cents" bigint NOT NULL,
	"paid_from_wallet_cents" bigint NOT NULL,
	"deposit_cents" bigint,
	"deposit_id" text,
	"currency" text NOT NULL,
	"promotion_code" text,
	"ledger_entry_id" text,
	"tracking" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_checkouts_amounts_check" CHECK ("orders_checkouts"."total_cents" >= 0 and "orders_checkouts"."discount_cents" >= 0 and "orders_checkouts"."bonus_credit_cents" >= 0 and "orders_checkouts"."paid_from_wallet_cents" >= 0),
	CONSTRAINT "orders_checkouts_paid_has_entry_check" CHECK ("orders_checkouts"."paid_from_wallet_cents" = 0 or "orders_checkouts"."ledger_entry_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "orders_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"checkout_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"product_type" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"offer_name" text NOT NULL,
	"description" text NOT NULL,
	"game_type" text,
	"game_offer" text,
	"game_offer_name" text,
	"num_draws" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"item" jsonb NOT NULL,
	"first_draw_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_orders_num_draws_check" CHECK ("orders_orders"."num_draws" > 0 and "orders_orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders_pending_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_pending_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deposit_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"purchase" jsonb NOT NULL,
	"status" text NOT NULL,
	"checkout_id" text,
	"failure" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders_tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"order_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"draw_id" text NOT NULL,
	"draw_no" integer NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"product_offer_key" text NOT NULL,
	"line_ids" text[] NOT NULL,
	"quickpicks" jsonb NOT NULL,
	"raffle_ticket_numbers" integer[] NOT NULL,
	"cause_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders_orders" ADD CONSTRAINT "orders_orders_checkout_id_orders_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."orders_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders_tickets" ADD CONSTRAINT "orders_tickets_order_id_orders_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkouts_public_id_key" ON "orders_checkouts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkouts_idempotency_key" ON "orders_checkouts" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_checkouts_customer_idx" ON "orders_checkouts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_orders_public_id_key" ON "orders_orders" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "orders_orders_checkout_idx" ON "orders_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_orders_customer_idx" ON "orders_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_purchases_deposit_key" ON "orders_pending_purchases" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tickets_public_id_key" ON "orders_tickets" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "orders_tickets_order_idx" ON "orders_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_tickets_customer_draw_idx" ON "orders_tickets" USING btree ("customer_id","draw_id");