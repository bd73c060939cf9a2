CREATE TABLE "lotto_party_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotto_party_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"publicity_status" text NOT NULL,
	"organiser_id" text NOT NULL,
	"invite_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lotto_party_groups_publicity_check" CHECK ("lotto_party_groups"."publicity_status" in ('private', 'promoted', 'public')),
	CONSTRAINT "lotto_party_groups_name_check" CHECK (char_length("lotto_party_groups"."name") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "lotto_party_members" (
	"group_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lotto_party_members_group_id_customer_id_pk" PRIMARY KEY("group_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "lotto_party_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotto_party_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"group_id" bigint NOT NULL,
	"draw_id" text NOT NULL,
	"draw_no" integer NOT NULL,
	"game_key" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"product_offer_key" text NOT NULL,
	"offer_name" text NOT NULL,
	"game_offer" text NOT NULL,
	"game_offer_name" text NOT NULL,
	"num_games" integer NOT NULL,
	"currency" text NOT NULL,
	"ticket_cost_cents" integer NOT NULL,
	"share_price_cents" integer NOT NULL,
	"num_shares" integer NOT NULL,
	"shares_sold" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"autosession_status" text NOT NULL,
	"invite_all_existing_members" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"previous_session_id" text,
	"next_session_id" text,
	"autosession_done" boolean DEFAULT false NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "lotto_party_sessions_status_check" CHECK ("lotto_party_sessions"."status" in ('open', 'closed', 'paid', 'cancelled')),
	CONSTRAINT "lotto_party_sessions_autosession_check" CHECK ("lotto_party_sessions"."autosession_status" in ('on', 'paused', 'off')),
	CONSTRAINT "lotto_party_sessions_shares_check" CHECK ("lotto_party_sessions"."shares_sold" between 0 and "lotto_party_sessions"."num_shares"),
	CONSTRAINT "lotto_party_sessions_price_check" CHECK ("lotto_party_sessions"."share_price_cents" * "lotto_party_sessions"."num_shares" = "lotto_party_sessions"."ticket_cost_cents")
);
--> statement-breakpoint
CREATE TABLE "lotto_party_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotto_party_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"shares" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"order_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"refund_entry_id" text,
	CONSTRAINT "lotto_party_shares_shares_check" CHECK ("lotto_party_shares"."shares" > 0)
);
--> statement-breakpoint
ALTER TABLE "lotto_party_members" ADD CONSTRAINT "lotto_party_members_group_id_lotto_party_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lotto_party_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_sessions" ADD CONSTRAINT "lotto_party_sessions_group_id_lotto_party_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."lotto_party_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_party_shares" ADD CONSTRAINT "lotto_party_shares_session_id_lotto_party_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."lotto_party_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_groups_public_id_key" ON "lotto_party_groups" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_groups_name_key" ON "lotto_party_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_groups_invite_token_key" ON "lotto_party_groups" USING btree ("invite_token");--> statement-breakpoint
CREATE INDEX "lotto_party_members_customer_idx" ON "lotto_party_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_sessions_public_id_key" ON "lotto_party_sessions" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_party_sessions_group_draw_key" ON "lotto_party_sessions" USING btree ("group_id","draw_id");--> statement-breakpoint
CREATE INDEX "lotto_party_sessions_status_idx" ON "lotto_party_sessions" USING btree ("status","closes_at");--> statement-breakpoint
CREATE INDEX "lotto_party_sessions_draw_idx" ON "lotto_party_sessions" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "lotto_party_shares_session_idx" ON "lotto_party_shares" USING btree ("session_id","customer_id");--> statement-breakpoint
CREATE INDEX "lotto_party_shares_customer_idx" ON "lotto_party_shares" USING btree ("customer_id");