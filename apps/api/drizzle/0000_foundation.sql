CREATE TABLE "content_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" text NOT NULL,
	"item_key" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"date_published" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('published', 'draft', 'archived')),
	CONSTRAINT "content_items_item_key_check" CHECK ("content_items"."item_key" ~ '^[A-Za-z0-9_-]+$')
);
--> statement-breakpoint
CREATE TABLE "platform_segments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"segment_name" text NOT NULL,
	"capabilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_collection_item_key_key" ON "content_items" USING btree ("collection","item_key");--> statement-breakpoint
CREATE INDEX "content_items_collection_status_idx" ON "content_items" USING btree ("collection","status","date_published");--> statement-breakpoint
CREATE INDEX "content_items_page_path_idx" ON "content_items" USING btree (("data"->>'path')) WHERE "content_items"."collection" = 'pages';--> statement-breakpoint
CREATE UNIQUE INDEX "platform_segments_segment_name_key" ON "platform_segments" USING btree ("segment_name");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_segments_one_default" ON "platform_segments" USING btree ("is_default") WHERE "platform_segments"."is_default";