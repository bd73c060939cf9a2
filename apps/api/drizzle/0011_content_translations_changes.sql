-- Translation items are cached like the CMS items (ADR 007): writes announce the table on the change feed.
CREATE TRIGGER content_translations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
--> statement-breakpoint
-- Items saved before versions existed get their first version, so every item has a history to restore from.
INSERT INTO content_versions (collection, item_key, version, action, status, date_published, data, author, created_at)
SELECT collection, item_key, version, 'create', status, date_published, data, created_by, created_at FROM content_items;
