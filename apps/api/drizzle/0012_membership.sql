CREATE TABLE "membership_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"giveaway_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"entry_number" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_entries_status_check" CHECK ("membership_entries"."status" in ('locked', 'unlocked', 'guaranteed')),
	CONSTRAINT "membership_entries_number_check" CHECK ("membership_entries"."entry_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "membership_giveaways" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_giveaways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"program" text NOT NULL,
	"type" text NOT NULL,
	"draw_number" integer NOT NULL,
	"period_key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"availability" jsonb NOT NULL,
	"requires_verified" boolean DEFAULT false NOT NULL,
	"permits" jsonb NOT NULL,
	"status" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"commitment" text NOT NULL,
	"seed" text NOT NULL,
	"entry_list_hash" text,
	"populated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_giveaways_type_check" CHECK ("membership_giveaways"."type" in ('daily', 'major', 'monthly', 'preview', 'special')),
	CONSTRAINT "membership_giveaways_status_check" CHECK ("membership_giveaways"."status" in ('open', 'closed', 'drawn', 'paid')),
	CONSTRAINT "membership_giveaways_times_check" CHECK ("membership_giveaways"."opens_at" < "membership_giveaways"."closes_at"),
	CONSTRAINT "membership_giveaways_count_check" CHECK ("membership_giveaways"."entry_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "membership_members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"program" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_tier" text DEFAULT 'free' NOT NULL,
	"entry_point" text,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_members_status_check" CHECK ("membership_members"."status" in ('member', 'non-member')),
	CONSTRAINT "membership_members_tier_check" CHECK ("membership_members"."requested_tier" in ('free', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "membership_prizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"giveaway_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"ticket" jsonb,
	CONSTRAINT "membership_prizes_kind_check" CHECK ("membership_prizes"."kind" in ('wallet_credit', 'free_tickets')),
	CONSTRAINT "membership_prizes_rank_check" CHECK ("membership_prizes"."rank" > 0),
	CONSTRAINT "membership_prizes_value_check" CHECK ("membership_prizes"."value_cents" >= 0),
	CONSTRAINT "membership_prizes_ticket_check" CHECK (("membership_prizes"."kind" = 'free_tickets') = ("membership_prizes"."ticket" is not null) and ("membership_prizes"."kind" <> 'wallet_credit' or "membership_prizes"."value_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "membership_programs" (
	"key" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"currency" text NOT NULL,
	"qualifying_deposit_cents" bigint NOT NULL,
	"daily_template" jsonb NOT NULL,
	"monthly_template" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_programs_deposit_check" CHECK ("membership_programs"."qualifying_deposit_cents" > 0),
	CONSTRAINT "membership_programs_currency_check" CHECK ("membership_programs"."currency" in ('AUD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "membership_winners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_winners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"giveaway_id" bigint NOT NULL,
	"prize_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"entry_number" integer NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"firstname" text NOT NULL,
	"state" text,
	"paid_cents" bigint,
	"ledger_entry_id" text,
	"checkout_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "membership_winners_status_check" CHECK ("membership_winners"."status" in ('chosen', 'paid')),
	CONSTRAINT "membership_winners_paid_check" CHECK ("membership_winners"."status" = 'chosen' or ("membership_winners"."paid_cents" is not null and ("membership_winners"."ledger_entry_id" is not null or "membership_winners"."checkout_id" is not null)))
);
--> statement-breakpoint
ALTER TABLE "membership_entries" ADD CONSTRAINT "membership_entries_giveaway_id_membership_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."membership_giveaways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_giveaways" ADD CONSTRAINT "membership_giveaways_program_membership_programs_key_fk" FOREIGN KEY ("program") REFERENCES "public"."membership_programs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_members" ADD CONSTRAINT "membership_members_program_membership_programs_key_fk" FOREIGN KEY ("program") REFERENCES "public"."membership_programs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_prizes" ADD CONSTRAINT "membership_prizes_giveaway_id_membership_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."membership_giveaways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_winners" ADD CONSTRAINT "membership_winners_giveaway_id_membership_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."membership_giveaways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_winners" ADD CONSTRAINT "membership_winners_prize_id_membership_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."membership_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_entries_public_id_key" ON "membership_entries" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_entries_customer_key" ON "membership_entries" USING btree ("giveaway_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_entries_number_key" ON "membership_entries" USING btree ("giveaway_id","entry_number");--> statement-breakpoint
CREATE INDEX "membership_entries_customer_idx" ON "membership_entries" USING btree ("customer_id","giveaway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_giveaways_public_id_key" ON "membership_giveaways" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_giveaways_number_key" ON "membership_giveaways" USING btree ("program","type","draw_number");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_giveaways_period_key" ON "membership_giveaways" USING btree ("program","type","period_key") WHERE "membership_giveaways"."period_key" is not null;--> statement-breakpoint
CREATE INDEX "membership_giveaways_status_idx" ON "membership_giveaways" USING btree ("status","closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_members_customer_key" ON "membership_members" USING btree ("program","customer_id");--> statement-breakpoint
CREATE INDEX "membership_members_status_idx" ON "membership_members" USING btree ("program","status");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_prizes_rank_key" ON "membership_prizes" USING btree ("giveaway_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_winners_prize_key" ON "membership_winners" USING btree ("giveaway_id","prize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_winners_entry_key" ON "membership_winners" USING btree ("giveaway_id","entry_number");--> statement-breakpoint
CREATE INDEX "membership_winners_customer_idx" ON "membership_winners" USING btree ("customer_id");