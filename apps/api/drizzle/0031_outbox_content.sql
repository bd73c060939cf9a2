ALTER TABLE "notifications_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications_outbox" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "notifications_outbox" ADD CONSTRAINT "notifications_outbox_body_check" CHECK ("notifications_outbox"."content" is not null or "notifications_outbox"."text_body" is not null);