CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"anonymous_id" text NOT NULL,
	"customer_id" text,
	"path" text NOT NULL,
	"transaction_id" text,
	"properties" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_events_type" CHECK ("analytics_events"."type" in ('page_view', 'add_to_cart', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "experiments_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment" text NOT NULL,
	"visitor_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments_exposures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment" text NOT NULL,
	"visitor_id" text NOT NULL,
	"variant" text NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_created_at" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_purchase" ON "analytics_events" USING btree ("transaction_id") WHERE "analytics_events"."type" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_conversions_checkout" ON "experiments_conversions" USING btree ("experiment","visitor_id","checkout_id");--> statement-breakpoint
CREATE INDEX "experiments_conversions_visitor" ON "experiments_conversions" USING btree ("experiment","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_exposures_visitor" ON "experiments_exposures" USING btree ("experiment","visitor_id");