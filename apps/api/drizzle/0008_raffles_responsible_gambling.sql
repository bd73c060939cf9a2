CREATE TABLE "raffles_causes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_causes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"logo" text,
	"website" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_causes_slug_check" CHECK ("raffles_causes"."slug" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "raffles_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"offer_key" text NOT NULL,
	"draw_no" integer NOT NULL,
	"pre_order_from" timestamp with time zone,
	"sales_open_at" timestamp with time zone NOT NULL,
	"stop_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"cap" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"sold_list_hash" text,
	"closed_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffles_draws_supply_check" CHECK ("raffles_draws"."sold" >= 0 and "raffles_draws"."sold" <= "raffles_draws"."cap" and "raffles_draws"."cap" > 0),
	CONSTRAINT "raffles_draws_status_check" CHECK ("raffles_draws"."status" in ('pre_order', 'open', 'sold_out', 'closed', 'drawn', 'paid')),
	CONSTRAINT "raffles_draws_times_check" CHECK ("raffles_draws"."sales_open_at" < "raffles_draws"."stop_at" and "raffles_draws"."stop_at" <= "raffles_draws"."draw_at")
);
--> statement-breakpoint
CREATE TABLE "raffles_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text,
	"checkout_id" text,
	"cause_slug" text,
	"num_tickets" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"postal" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"region" text,
	"first_ticket" integer,
	"last_ticket" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffles_entries_status_check" CHECK ("raffles_entries"."status" in ('allocated', 'pre_order', 'failed')),
	CONSTRAINT "raffles_entries_tickets_check" CHECK ("raffles_entries"."num_tickets" > 0 and "raffles_entries"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "raffles_offers" (
	"offer_key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"cause_slugs" jsonb NOT NULL,
	"permits" jsonb NOT NULL,
	"excluded_regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_price_cents" integer NOT NULL,
	"bundles" jsonb NOT NULL,
	"default_entry_count" integer,
	"recurrence_days" integer,
	"next_draw_template" jsonb,
	CONSTRAINT "raffles_offers_price_check" CHECK ("raffles_offers"."ticket_price_cents" > 0),
	CONSTRAINT "raffles_offers_currency_check" CHECK ("raffles_offers"."currency" in ('AUD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "raffles_prizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"cash_cents" bigint,
	"value_cents" bigint,
	"closes_at" timestamp with time zone,
	"cutoff_ticket" integer,
	CONSTRAINT "raffles_prizes_kind_check" CHECK ("raffles_prizes"."kind" in ('first', 'secondary', 'early_bird', 'bonus')),
	CONSTRAINT "raffles_prizes_rank_check" CHECK ("raffles_prizes"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffles_tickets" (
	"draw_id" bigint NOT NULL,
	"ticket_number" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"order_id" text,
	"cause_slug" text,
	"postal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffles_tickets_draw_id_ticket_number_pk" PRIMARY KEY("draw_id","ticket_number"),
	CONSTRAINT "raffles_tickets_number_check" CHECK ("raffles_tickets"."ticket_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffles_winners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raffles_winners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_id" bigint NOT NULL,
	"prize_id" bigint NOT NULL,
	"series" text NOT NULL,
	"ticket_number" integer NOT NULL,
	"customer_id" text NOT NULL,
	"ledger_entry_id" text,
	"status" text NOT NULL,
	"display_name" text NOT NULL,
	"locality" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffles_winners_series_check" CHECK ("raffles_winners"."series" in ('main', 'sub')),
	CONSTRAINT "raffles_winners_status_check" CHECK ("raffles_winners"."status" in ('paid', 'to_fulfil', 'fulfilled'))
);
--> statement-breakpoint
CREATE TABLE "rg_exclusions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_exclusions_kind_check" CHECK ("rg_exclusions"."kind" in ('take_a_break', 'self_exclusion')),
	CONSTRAINT "rg_exclusions_span_check" CHECK ("rg_exclusions"."ends_at" > "rg_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"limit_cents" bigint NOT NULL,
	"pending_cents" bigint,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"pending_from" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_limits_kind_check" CHECK ("rg_limits"."kind" in ('spend', 'precommitment', 'deposit')),
	CONSTRAINT "rg_limits_period_check" CHECK ("rg_limits"."period" in ('daily', 'weekly', 'monthly')),
	CONSTRAINT "rg_limits_currency_check" CHECK ("rg_limits"."currency" in ('AUD', 'GBP')),
	CONSTRAINT "rg_limits_positive" CHECK ("rg_limits"."limit_cents" > 0 and ("rg_limits"."pending_cents" is null or "rg_limits"."pending_cents" > 0)),
	CONSTRAINT "rg_limits_pending_shape" CHECK (("rg_limits"."pending_from" is null) = ("rg_limits"."pending_cents" is null and not "rg_limits"."pending_removal"))
);
--> statement-breakpoint
CREATE TABLE "rg_verification_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_verification_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"verification_id" bigint NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_verifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rg_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "rg_verifications_method_check" CHECK ("rg_verifications"."method" in ('auto_verification', 'connect_id', 'drivers_licence', 'greenid_ui', 'pdf_form', 'photo_id_upload')),
	CONSTRAINT "rg_verifications_status_check" CHECK ("rg_verifications"."status" in ('verified', 'failed', 'documents_required', 'pending', 'in_progress', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "raffles_draws" ADD CONSTRAINT "raffles_draws_offer_key_raffles_offers_offer_key_fk" FOREIGN KEY ("offer_key") REFERENCES "public"."raffles_offers"("offer_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_entries" ADD CONSTRAINT "raffles_entries_draw_id_raffles_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."raffles_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_prizes" ADD CONSTRAINT "raffles_prizes_draw_id_raffles_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."raffles_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_tickets" ADD CONSTRAINT "raffles_tickets_draw_id_raffles_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."raffles_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_tickets" ADD CONSTRAINT "raffles_tickets_entry_id_raffles_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."raffles_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_winners" ADD CONSTRAINT "raffles_winners_draw_id_raffles_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."raffles_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffles_winners" ADD CONSTRAINT "raffles_winners_prize_id_raffles_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."raffles_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_verification_files" ADD CONSTRAINT "rg_verification_files_verification_id_rg_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."rg_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_causes_public_id_key" ON "raffles_causes" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_causes_slug_key" ON "raffles_causes" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_draws_public_id_key" ON "raffles_draws" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_draws_offer_draw_key" ON "raffles_draws" USING btree ("offer_key","draw_no");--> statement-breakpoint
CREATE INDEX "raffles_draws_status_idx" ON "raffles_draws" USING btree ("status","stop_at");--> statement-breakpoint
CREATE INDEX "raffles_entries_draw_idx" ON "raffles_entries" USING btree ("draw_id","status");--> statement-breakpoint
CREATE INDEX "raffles_entries_customer_idx" ON "raffles_entries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "raffles_entries_cause_idx" ON "raffles_entries" USING btree ("cause_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_prizes_draw_rank_key" ON "raffles_prizes" USING btree ("draw_id","rank");--> statement-breakpoint
CREATE INDEX "raffles_tickets_customer_idx" ON "raffles_tickets" USING btree ("customer_id","draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_winners_prize_key" ON "raffles_winners" USING btree ("draw_id","prize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffles_winners_ticket_key" ON "raffles_winners" USING btree ("draw_id","series","ticket_number");--> statement-breakpoint
CREATE INDEX "rg_exclusions_customer_idx" ON "rg_exclusions" USING btree ("customer_id","ends_at");--> statement-breakpoint
CREATE INDEX "rg_exclusions_email_idx" ON "rg_exclusions" USING btree ("email","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limits_public_id_key" ON "rg_limits" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limits_customer_kind_period_key" ON "rg_limits" USING btree ("customer_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limits_one_precommitment_key" ON "rg_limits" USING btree ("customer_id") WHERE "rg_limits"."kind" = 'precommitment';--> statement-breakpoint
CREATE INDEX "rg_verification_files_verification_idx" ON "rg_verification_files" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_verification_files_stored_key" ON "rg_verification_files" USING btree ("stored_name");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_verifications_public_id_key" ON "rg_verifications" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "rg_verifications_customer_idx" ON "rg_verifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "rg_verifications_pending_idx" ON "rg_verifications" USING btree ("status") WHERE "rg_verifications"."status" = 'pending';