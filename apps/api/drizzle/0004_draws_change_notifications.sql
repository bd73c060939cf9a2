-- Draws are read far more than written (results pages right after a draw): API processes keep pages of results in
-- memory and drop them when a draw changes, like the platform tables of 0001.
CREATE TRIGGER draws_draws_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON draws_draws
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
