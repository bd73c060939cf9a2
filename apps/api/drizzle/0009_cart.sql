CREATE TABLE "cart_carts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text,
	"anonymous" boolean NOT NULL,
	"promotion_code" text,
	"auto_removed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "cart_carts_owner_check" CHECK ("cart_carts"."anonymous" = ("cart_carts"."customer_id" is null)),
	CONSTRAINT "cart_carts_expiry_check" CHECK ("cart_carts"."anonymous" or "cart_carts"."expires_at" is null)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"cart_id" bigint NOT NULL,
	"product_type" text NOT NULL,
	"product_offer_key" text NOT NULL,
	"input" jsonb NOT NULL,
	"description" text NOT NULL,
	"num_draws" integer NOT NULL,
	"recurring" jsonb NOT NULL,
	"currency" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_num_draws_check" CHECK ("cart_items"."num_draws" > 0),
	CONSTRAINT "cart_items_product_type_check" CHECK ("cart_items"."product_type" in ('lottery_ticket', 'multi_draw_ticket', 'raffle_ticket', 'syndicate_share', 'social_syndicate_share', 'membership'))
);
--> statement-breakpoint
CREATE TABLE "promotions_promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" bigint NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"description" text NOT NULL,
	"min_spend_cents" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_customer" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_promotions_type_check" CHECK ("promotions_promotions"."type" in ('voucher_fixed_discount', 'voucher_percent_discount', 'voucher_fixed_discount_expire', 'voucher_credit_amount')),
	CONSTRAINT "promotions_promotions_value_check" CHECK ("promotions_promotions"."value" > 0 and ("promotions_promotions"."type" <> 'voucher_percent_discount' or "promotions_promotions"."value" <= 10000)),
	CONSTRAINT "promotions_promotions_expiry_check" CHECK ("promotions_promotions"."type" <> 'voucher_fixed_discount_expire' or "promotions_promotions"."expires_at" is not null),
	CONSTRAINT "promotions_promotions_limits_check" CHECK ("promotions_promotions"."min_spend_cents" >= 0 and ("promotions_promotions"."max_redemptions" is null or "promotions_promotions"."max_redemptions" > 0) and ("promotions_promotions"."max_per_customer" is null or "promotions_promotions"."max_per_customer" > 0))
);
--> statement-breakpoint
CREATE TABLE "promotions_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promotion_id" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"bonus_credit_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_cart_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions_redemptions" ADD CONSTRAINT "promotions_redemptions_promotion_id_promotions_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions_promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_carts_public_id_key" ON "cart_carts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_carts_customer_id_key" ON "cart_carts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "cart_carts_expires_idx" ON "cart_carts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_public_id_key" ON "cart_items" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_promotions_code_key" ON "promotions_promotions" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_redemptions_checkout_key" ON "promotions_redemptions" USING btree ("promotion_id","checkout_id");--> statement-breakpoint
CREATE INDEX "promotions_redemptions_customer_idx" ON "promotions_redemptions" USING btree ("promotion_id","customer_id");