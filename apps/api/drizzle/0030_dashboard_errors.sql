CREATE TABLE "platform_server_errors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_server_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"error_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"error_name" text NOT NULL,
	"message" text NOT NULL,
	"last_request_id" text NOT NULL,
	"count" bigint DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_server_errors_error_key" ON "platform_server_errors" USING btree ("error_key");--> statement-breakpoint
CREATE INDEX "platform_server_errors_hour_idx" ON "platform_server_errors" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "platform_server_errors_last_seen_idx" ON "platform_server_errors" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "notifications_outbox_failed_idx" ON "notifications_outbox" USING btree ("failed_at") WHERE "notifications_outbox"."status" = 'failed';