CREATE TABLE "notifications_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"icon" text NOT NULL,
	"message" text NOT NULL,
	"is_auto_dismissed" boolean DEFAULT true NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hide_in_feed" boolean DEFAULT false NOT NULL,
	"desktop_image" text,
	"mobile_image" text,
	"product_logo_image" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"toasted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_cards_public_id_key" ON "notifications_cards" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_cards_dedupe_key" ON "notifications_cards" USING btree ("customer_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_cards_customer_idx" ON "notifications_cards" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "notifications_cards_unviewed_idx" ON "notifications_cards" USING btree ("customer_id") WHERE "notifications_cards"."viewed_at" is null and not "notifications_cards"."hide_in_feed";