-- Cross-process cache invalidation: every write to a table whose rows API processes keep in memory announces the
-- table name on the 'shop_changes' channel; each process LISTENs and drops what it cached (apps/api/src/db/change-feed.ts).
CREATE FUNCTION shop_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER platform_settings_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON platform_settings
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
--> statement-breakpoint
CREATE TRIGGER platform_segments_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON platform_segments
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
--> statement-breakpoint
CREATE TRIGGER content_items_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_items
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
