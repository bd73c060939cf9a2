CREATE TABLE "identity_sign_in_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_sign_in_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"device_hash" text NOT NULL,
	"agent_family" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_sign_in_devices" ADD CONSTRAINT "identity_sign_in_devices_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sign_in_devices_key" ON "identity_sign_in_devices" USING btree ("customer_id","device_hash","agent_family");