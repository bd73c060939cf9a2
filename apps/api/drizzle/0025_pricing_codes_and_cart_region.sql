ALTER TABLE "cart_carts" ADD COLUMN "pricing_code" text;--> statement-breakpoint
ALTER TABLE "cart_carts" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "catalogue_pricings" ADD COLUMN "offered_by_code" boolean DEFAULT false NOT NULL;