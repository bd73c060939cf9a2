CREATE TABLE "content_assets" (
	"item_key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_translations" (
	"locale" text NOT NULL,
	"category" text NOT NULL,
	"item_key" text NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_translations_locale_category_item_key_pk" PRIMARY KEY("locale","category","item_key"),
	CONSTRAINT "content_translations_type_check" CHECK ("content_translations"."type" in ('image', 'markdown', 'plain', 'seo', 'json'))
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"collection" text NOT NULL,
	"item_key" text NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"date_published" timestamp with time zone,
	"data" jsonb NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_versions_action_check" CHECK ("content_versions"."action" in ('create', 'update', 'publish', 'archive', 'restore', 'import'))
);
--> statement-breakpoint
DROP INDEX "content_items_page_path_idx";--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "created_by" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "updated_by" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_item_version_key" ON "content_versions" USING btree ("collection","item_key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_page_path_key" ON "content_items" USING btree (("data"->>'path')) WHERE "content_items"."collection" = 'pages' and "content_items"."status" <> 'archived';--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_slug_key" ON "content_items" USING btree ("collection",("data"->>'slug')) WHERE "content_items"."collection" in ('blog_posts', 'blog_categories') and "content_items"."status" <> 'archived';
--> statement-breakpoint
-- Translation items are cached like the CMS items (ADR 007): writes announce the table on the change feed.
CREATE TRIGGER content_translations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
--> statement-breakpoint
-- Items saved before versions existed get their first version, so every item has a history to restore from.
INSERT INTO content_versions (collection, item_key, version, action, status, date_published, data, author, created_at)
SELECT collection, item_key, version, 'create', status, date_published, data, created_by, created_at FROM content_items;
