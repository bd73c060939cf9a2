-- Each API process remembers for a few seconds which sessions it found live (ADR 033). A write that can end a session
-- (a revocation, an expiry purge, a customer's status) is announced like the cached tables of 0001, so every process
-- forgets at once. Inserts are not announced: a new session was never remembered.
CREATE TRIGGER identity_sessions_changes AFTER UPDATE OR DELETE OR TRUNCATE ON identity_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
--> statement-breakpoint
CREATE TRIGGER identity_customers_status_changes AFTER UPDATE OF status OR DELETE OR TRUNCATE ON identity_customers
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
