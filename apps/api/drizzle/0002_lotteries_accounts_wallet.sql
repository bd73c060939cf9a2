CREATE TABLE "catalogue_brandings" (
	"id" text PRIMARY KEY NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subvariant" text,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_offers" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"game_key" text,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"display_category" text NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"ranking" integer NOT NULL,
	"game_types" jsonb NOT NULL,
	"url_aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"causes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recurring_purchase" jsonb NOT NULL,
	"recurring_purchase_information" text,
	"region_overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restrictions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_offers_availability_check" CHECK ("catalogue_offers"."availability" in ('available', 'unavailable')),
	CONSTRAINT "catalogue_offers_market_check" CHECK ("catalogue_offers"."market" in ('AU', 'GB')),
	CONSTRAINT "catalogue_offers_currency_check" CHECK ("catalogue_offers"."currency" in ('AUD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "catalogue_prices" (
	"pricing_id" text NOT NULL,
	"offer_key" text NOT NULL,
	"block_games" integer NOT NULL,
	"block_cents" integer NOT NULL,
	CONSTRAINT "catalogue_prices_pricing_id_offer_key_pk" PRIMARY KEY("pricing_id","offer_key"),
	CONSTRAINT "catalogue_prices_block_check" CHECK ("catalogue_prices"."block_games" > 0 and "catalogue_prices"."block_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_pricings" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "catalogue_pricings_id_check" CHECK ("catalogue_pricings"."id" ~ '^[A-Za-z0-9_-]+$')
);
--> statement-breakpoint
CREATE TABLE "catalogue_tips" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_key" text,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"ranking" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draws_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"game_key" text NOT NULL,
	"draw_no" integer NOT NULL,
	"stop_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'DRAW_OPEN' NOT NULL,
	"jackpot_cents" bigint,
	"purchase_status" text DEFAULT 'standard' NOT NULL,
	"result" jsonb,
	"dividends" jsonb,
	"result_source" text,
	"closed_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"scored_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_draws_status_check" CHECK ("draws_draws"."status" in ('DRAW_OPEN', 'DRAW_CLOSED', 'DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED')),
	CONSTRAINT "draws_draws_purchase_status_check" CHECK ("draws_draws"."purchase_status" in ('standard', 'pre_order')),
	CONSTRAINT "draws_draws_result_source_check" CHECK ("draws_draws"."result_source" is null or "draws_draws"."result_source" in ('simulated', 'import', 'manual')),
	CONSTRAINT "draws_draws_times_check" CHECK ("draws_draws"."stop_at" <= "draws_draws"."draw_at"),
	CONSTRAINT "draws_draws_draw_no_check" CHECK ("draws_draws"."draw_no" > 0),
	CONSTRAINT "draws_draws_jackpot_check" CHECK ("draws_draws"."jackpot_cents" is null or "draws_draws"."jackpot_cents" >= 0),
	CONSTRAINT "draws_draws_result_check" CHECK (("draws_draws"."status" in ('DRAW_OPEN', 'DRAW_CLOSED')) = ("draws_draws"."result" is null))
);
--> statement-breakpoint
CREATE TABLE "identity_credentials" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_token" text NOT NULL,
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"address_line_2" text DEFAULT '' NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'AU' NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"attribution" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"favourite_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segment_name" text DEFAULT 'default' NOT NULL,
	"pricing_id" text DEFAULT 'standard' NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"force_password_change" boolean DEFAULT false NOT NULL,
	"account_upgrade" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"address_confirmation_required" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"country_banned" boolean DEFAULT false NOT NULL,
	"country_banned_confirmation_required" boolean DEFAULT false NOT NULL,
	"location_terms_accepted_at" timestamp with time zone,
	"last_country" text,
	"recurring_purchase_method" text,
	"communication_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unsubscribe_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"closed_at" timestamp with time zone,
	"closure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_customers_status_check" CHECK ("identity_customers"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "identity_email_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_email_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"account" text,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_one_time_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_one_time_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_one_time_tokens_kind_check" CHECK ("identity_one_time_tokens"."kind" in ('autologin', 'login_challenge', 'password_reset', 'confirm_email', 'confirm_address'))
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_remembered_devices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_remembered_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "identity_two_factor" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"method" text,
	"secret_encrypted" text,
	"pending_method" text,
	"pending_secret_encrypted" text,
	"enabled_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_time_step" bigint,
	CONSTRAINT "identity_two_factor_method_check" CHECK ("identity_two_factor"."method" is null or "identity_two_factor"."method" in ('authenticator', 'email')),
	CONSTRAINT "identity_two_factor_pending_check" CHECK ("identity_two_factor"."pending_method" is null or "identity_two_factor"."pending_method" in ('authenticator', 'email'))
);
--> statement-breakpoint
CREATE TABLE "notifications_mailbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_mailbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"outbox_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"delivered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_outbox_status_check" CHECK ("notifications_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "orders_prizes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"line_id" bigint NOT NULL,
	"draw_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"division" integer NOT NULL,
	"divisions" jsonb NOT NULL,
	"prize_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"ledger_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_prizes_amount_check" CHECK ("orders_prizes"."prize_cents" >= 0 and "orders_prizes"."division" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders_ticket_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_ticket_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"draw_id" text NOT NULL,
	"game_key" text NOT NULL,
	"game_type" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"mask_lo" integer,
	"mask_hi" integer,
	"mask_bonus" integer,
	"games" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_ticket_lines_games_check" CHECK ("orders_ticket_lines"."games" > 0),
	CONSTRAINT "orders_ticket_lines_mask_check" CHECK (("orders_ticket_lines"."mask_lo" is null) = ("orders_ticket_lines"."mask_hi" is null) and ("orders_ticket_lines"."mask_lo" is null) = ("orders_ticket_lines"."mask_bonus" is null))
);
--> statement-breakpoint
CREATE TABLE "payments_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"fund_id" text,
	"method_code" text NOT NULL,
	"gateway" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"gateway_reference" text,
	"failure_reason" text,
	"ledger_entry_id" text,
	"browser_data" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_deposits_status_check" CHECK ("payments_deposits"."status" in ('pending', 'challenge', 'approved', 'failed')),
	CONSTRAINT "payments_deposits_amount_check" CHECK ("payments_deposits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments_funds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_funds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"gateway" text,
	"token" text,
	"brand" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"holder_name" text,
	"account_name" text,
	"account_number" text,
	"bank_code" text,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"verification" text DEFAULT 'Unverified' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payments_funds_type_check" CHECK ("payments_funds"."type" in ('card', 'bank', 'paypal')),
	CONSTRAINT "payments_funds_verification_check" CHECK ("payments_funds"."verification" in ('Failed Verification', 'Pending Verification', 'Unverified', 'Verified'))
);
--> statement-breakpoint
CREATE TABLE "payments_idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_headers" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "payments_idempotency_keys_status_check" CHECK ("payments_idempotency_keys"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "payments_test_gateway_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"token" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_test_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"fund_id" text,
	"method_code" text NOT NULL,
	"destination" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payments_withdrawals_status_check" CHECK ("payments_withdrawals"."status" in ('pending', 'approved', 'paid', 'rejected')),
	CONSTRAINT "payments_withdrawals_amount_check" CHECK ("payments_withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" text,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_kind_check" CHECK (("wallet_accounts"."customer_id" is not null and "wallet_accounts"."kind" in ('deposit', 'winnings', 'bonus', 'pending_withdrawal')) or ("wallet_accounts"."customer_id" is null and "wallet_accounts"."kind" in ('gateway_clearing', 'sales', 'prize_liability', 'promotions'))),
	CONSTRAINT "wallet_accounts_customer_non_negative" CHECK ("wallet_accounts"."customer_id" is null or "wallet_accounts"."balance_cents" >= 0),
	CONSTRAINT "wallet_accounts_currency_check" CHECK ("wallet_accounts"."currency" in ('AUD', 'GBP'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" text,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"reverses_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('deposit', 'purchase', 'prize', 'refund', 'withdrawal', 'withdrawal_paid', 'withdrawal_returned', 'reversal', 'bonus'))
);
--> statement-breakpoint
CREATE TABLE "wallet_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "wallet_lines_nonzero" CHECK ("wallet_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "catalogue_prices" ADD CONSTRAINT "catalogue_prices_pricing_id_catalogue_pricings_id_fk" FOREIGN KEY ("pricing_id") REFERENCES "public"."catalogue_pricings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_prices" ADD CONSTRAINT "catalogue_prices_offer_key_catalogue_offers_key_fk" FOREIGN KEY ("offer_key") REFERENCES "public"."catalogue_offers"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_credentials" ADD CONSTRAINT "identity_credentials_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_email_codes" ADD CONSTRAINT "identity_email_codes_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_one_time_tokens" ADD CONSTRAINT "identity_one_time_tokens_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_session_id_identity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_remembered_devices" ADD CONSTRAINT "identity_remembered_devices_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_two_factor" ADD CONSTRAINT "identity_two_factor_customer_id_identity_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."identity_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_mailbox" ADD CONSTRAINT "notifications_mailbox_outbox_id_notifications_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."notifications_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders_prizes" ADD CONSTRAINT "orders_prizes_line_id_orders_ticket_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."orders_ticket_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lines" ADD CONSTRAINT "wallet_lines_entry_id_wallet_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_lines" ADD CONSTRAINT "wallet_lines_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draws_draws_public_id_key" ON "draws_draws" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_draws_game_draw_no_key" ON "draws_draws" USING btree ("game_key","draw_no");--> statement-breakpoint
CREATE INDEX "draws_draws_status_stop_idx" ON "draws_draws" USING btree ("status","stop_at");--> statement-breakpoint
CREATE INDEX "draws_draws_game_draw_at_idx" ON "draws_draws" USING btree ("game_key","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_customers_public_id_key" ON "identity_customers" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_customers_email_key" ON "identity_customers" USING btree ("email") WHERE "identity_customers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "identity_email_codes_customer_idx" ON "identity_email_codes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_login_attempts_account_idx" ON "identity_login_attempts" USING btree ("kind","account","created_at");--> statement-breakpoint
CREATE INDEX "identity_login_attempts_ip_idx" ON "identity_login_attempts" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_one_time_tokens_hash_key" ON "identity_one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_one_time_tokens_customer_idx" ON "identity_one_time_tokens" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_refresh_tokens_hash_key" ON "identity_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_session_idx" ON "identity_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_remembered_devices_hash_key" ON "identity_remembered_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_public_id_key" ON "identity_sessions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_customer_idx" ON "identity_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_mailbox_outbox_key" ON "notifications_mailbox" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "notifications_mailbox_to_idx" ON "notifications_mailbox" USING btree ("to_address","id");--> statement-breakpoint
CREATE INDEX "notifications_outbox_pending_idx" ON "notifications_outbox" USING btree ("id") WHERE "notifications_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_outbox_to_idx" ON "notifications_outbox" USING btree ("to_address","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_prizes_line_draw_key" ON "orders_prizes" USING btree ("line_id","draw_id");--> statement-breakpoint
CREATE INDEX "orders_prizes_draw_idx" ON "orders_prizes" USING btree ("draw_id","division");--> statement-breakpoint
CREATE INDEX "orders_prizes_customer_idx" ON "orders_prizes" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ticket_lines_public_id_key" ON "orders_ticket_lines" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "orders_ticket_lines_draw_id_idx" ON "orders_ticket_lines" USING btree ("draw_id","id");--> statement-breakpoint
CREATE INDEX "orders_ticket_lines_customer_idx" ON "orders_ticket_lines" USING btree ("customer_id","draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_deposits_public_id_key" ON "payments_deposits" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payments_deposits_customer_idx" ON "payments_deposits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_funds_public_id_key" ON "payments_funds" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payments_funds_customer_idx" ON "payments_funds" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_funds_default_key" ON "payments_funds" USING btree ("customer_id") WHERE "payments_funds"."is_default" and "payments_funds"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payments_idempotency_keys_expires_idx" ON "payments_idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_test_gateway_charges_order_key" ON "payments_test_gateway_charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_test_gateway_charges_status_idx" ON "payments_test_gateway_charges" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_withdrawals_public_id_key" ON "payments_withdrawals" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payments_withdrawals_status_idx" ON "payments_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_withdrawals_customer_idx" ON "payments_withdrawals" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_customer_key" ON "wallet_accounts" USING btree ("customer_id","kind","currency") WHERE "wallet_accounts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_house_key" ON "wallet_accounts" USING btree ("kind","currency") WHERE "wallet_accounts"."customer_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_public_id_key" ON "wallet_entries" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_reference_key" ON "wallet_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "wallet_entries_customer_idx" ON "wallet_entries" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_lines_entry_idx" ON "wallet_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "wallet_lines_account_idx" ON "wallet_lines" USING btree ("account_id");