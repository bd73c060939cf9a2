CREATE TABLE "syndicates_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syndicates_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"syndicate_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"num_shares" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"order_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "syndicates_shares_num_check" CHECK ("syndicates_shares"."num_shares" > 0)
);
--> statement-breakpoint
CREATE TABLE "syndicates_syndicates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syndicates_syndicates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"offer_key" text NOT NULL,
	"name" text NOT NULL,
	"draw_id" text NOT NULL,
	"draw_no" integer NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"stop_at" timestamp with time zone NOT NULL,
	"size" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"tickets_cost_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"cost_per_share_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"tickets" jsonb NOT NULL,
	"template_id" bigint,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "syndicates_syndicates_sold_check" CHECK ("syndicates_syndicates"."sold" >= 0 and "syndicates_syndicates"."sold" <= "syndicates_syndicates"."size"),
	CONSTRAINT "syndicates_syndicates_size_check" CHECK ("syndicates_syndicates"."size" > 0),
	CONSTRAINT "syndicates_syndicates_price_check" CHECK ("syndicates_syndicates"."cost_per_share_cents" > 0 and "syndicates_syndicates"."cost_per_share_cents" * "syndicates_syndicates"."size" = "syndicates_syndicates"."tickets_cost_cents" + "syndicates_syndicates"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "syndicates_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syndicates_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offer_key" text NOT NULL,
	"shares" integer NOT NULL,
	"tickets" jsonb NOT NULL,
	"fee_cents" bigint NOT NULL,
	"draws_ahead" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "syndicates_shares" ADD CONSTRAINT "syndicates_shares_syndicate_id_syndicates_syndicates_id_fk" FOREIGN KEY ("syndicate_id") REFERENCES "public"."syndicates_syndicates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicates_syndicates" ADD CONSTRAINT "syndicates_syndicates_template_id_syndicates_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."syndicates_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "syndicates_shares_public_id_key" ON "syndicates_shares" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "syndicates_shares_customer_idx" ON "syndicates_shares" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "syndicates_shares_syndicate_idx" ON "syndicates_shares" USING btree ("syndicate_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicates_syndicates_public_id_key" ON "syndicates_syndicates" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicates_syndicates_template_draw_key" ON "syndicates_syndicates" USING btree ("template_id","draw_id");--> statement-breakpoint
CREATE INDEX "syndicates_syndicates_draw_idx" ON "syndicates_syndicates" USING btree ("draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicates_templates_offer_key" ON "syndicates_templates" USING btree ("offer_key");