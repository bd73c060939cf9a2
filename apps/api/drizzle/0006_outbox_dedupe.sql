ALTER TABLE "notifications_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_outbox_dedupe_key" ON "notifications_outbox" USING btree ("dedupe_key");