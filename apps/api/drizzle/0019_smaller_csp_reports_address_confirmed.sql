CREATE TABLE "platform_csp_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_csp_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_key" text NOT NULL,
	"directive" text NOT NULL,
	"blocked_uri" text NOT NULL,
	"source_file" text NOT NULL,
	"document_path" text NOT NULL,
	"line_number" bigint,
	"sample" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_customers" ADD COLUMN "address_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_csp_reports_message_key" ON "platform_csp_reports" USING btree ("message_key");--> statement-breakpoint
-- Offer switches (offer:suspend, offer:resume) reach every API process's catalogue cache at once (db/change-feed.ts).
CREATE TRIGGER catalogue_offers_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_offers
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
