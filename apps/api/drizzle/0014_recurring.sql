CREATE TABLE "recurring_occasions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_occasions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"recurring_id" bigint NOT NULL,
	"occasion" text NOT NULL,
	"outcome" text NOT NULL,
	"checkout_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recurring_occasions_outcome_check" CHECK ("recurring_occasions"."outcome" in ('purchased', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "recurring_purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"combined_id" text,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"product_type" text NOT NULL,
	"offer_key" text NOT NULL,
	"game_key" text,
	"template" jsonb NOT NULL,
	"description" text NOT NULL,
	"quickpick_each_draw" boolean DEFAULT false NOT NULL,
	"minimum_jackpot_cents" bigint,
	"price_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"period" text,
	"next_due_at" timestamp with time zone,
	"next_period" integer DEFAULT 2 NOT NULL,
	"status" text NOT NULL,
	"paused_until" timestamp with time zone,
	"last_draw_no" integer,
	"hard_failed_occasion" text,
	"last_attempt_status" text,
	"last_attempt_at" timestamp with time zone,
	"last_failure_reason" text,
	"last_checkout_id" text,
	"consecutive_hard_failures" integer DEFAULT 0 NOT NULL,
	"fund_kind" text DEFAULT 'wallet' NOT NULL,
	"fund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recurring_purchases_type_check" CHECK ("recurring_purchases"."type" in ('autoplay', 'subscription')),
	CONSTRAINT "recurring_purchases_status_check" CHECK ("recurring_purchases"."status" in ('active', 'paused', 'timed_paused', 'cancelled')),
	CONSTRAINT "recurring_purchases_attempt_check" CHECK ("recurring_purchases"."last_attempt_status" is null or "recurring_purchases"."last_attempt_status" in ('purchased', 'soft_failure', 'hard_failure')),
	CONSTRAINT "recurring_purchases_period_check" CHECK ("recurring_purchases"."period" is null or "recurring_purchases"."period" in ('weekly', 'monthly', 'quarterly', 'biannually', 'annually')),
	CONSTRAINT "recurring_purchases_fund_check" CHECK ("recurring_purchases"."fund_kind" in ('wallet', 'cc')),
	CONSTRAINT "recurring_purchases_jackpot_check" CHECK ("recurring_purchases"."minimum_jackpot_cents" is null or "recurring_purchases"."minimum_jackpot_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_scheduled" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_scheduled_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"product_type" text NOT NULL,
	"offer_key" text NOT NULL,
	"item" jsonb NOT NULL,
	"description" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"last_attempt_status" text,
	"last_attempt_at" timestamp with time zone,
	"last_failure_reason" text,
	"checkout_id" text,
	"finished_at" timestamp with time zone,
	"source_checkout_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recurring_scheduled_kind_check" CHECK ("recurring_scheduled"."kind" in ('scheduled_purchase', 'pre_order')),
	CONSTRAINT "recurring_scheduled_status_check" CHECK ("recurring_scheduled"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occasions_key" ON "recurring_occasions" USING btree ("recurring_id","occasion");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_purchases_public_id_key" ON "recurring_purchases" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "recurring_purchases_customer_idx" ON "recurring_purchases" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "recurring_purchases_due_idx" ON "recurring_purchases" USING btree ("status","type");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_scheduled_public_id_key" ON "recurring_scheduled" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "recurring_scheduled_customer_idx" ON "recurring_scheduled" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "recurring_scheduled_due_idx" ON "recurring_scheduled" USING btree ("due_at") WHERE "recurring_scheduled"."finished_at" is null and "recurring_scheduled"."status" = 'active';