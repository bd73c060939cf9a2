ALTER TABLE "cart_carts" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 109: the purchase reads the cart outside any transaction and writes once, only if the cart is as it read it.
-- Every change of a cart row moves its version; the cart repository's statements that change items touch their
-- cart's row in the same statement (cart.repository.ts), so the version moves with every change of the cart.
CREATE FUNCTION cart_carts_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cart_carts_version BEFORE UPDATE ON cart_carts
  FOR EACH ROW EXECUTE FUNCTION cart_carts_next_version();
--> statement-breakpoint
-- The check of a guarded write (db/index.ts writeGuarded): raises LKG01 naming the first check that does not hold,
-- which undoes the whole statement.
CREATE FUNCTION shop_guard(holds boolean[], names text[]) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(holds, 1), 0) LOOP
    IF holds[i] IS NOT TRUE THEN
      RAISE EXCEPTION USING ERRCODE = 'LKG01', MESSAGE = names[i];
    END IF;
  END LOOP;
  RETURN true;
END;
$$;
--> statement-breakpoint
-- The rows every checkout updates (a wallet's accounts, a cart): room on each page for the new version, so updates
-- stay HOT (no new index entries) and the versions a lookup walks stay few between vacuums; vacuumed after a fixed
-- number of changes rather than a share of these small tables (issue 22: their indexes bloated under the bench).
ALTER TABLE wallet_accounts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_analyze_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE cart_carts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_analyze_scale_factor = 0.05);
