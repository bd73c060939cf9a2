CREATE TABLE "feedback_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"email" text,
	"customer_id" text,
	"source" text NOT NULL,
	"variant" text,
	"client_information" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_events_rating" CHECK ("feedback_events"."rating" between -1 and 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_events_public_id" ON "feedback_events" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "feedback_events_created_at" ON "feedback_events" USING btree ("created_at");