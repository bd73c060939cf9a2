-- A price changed in the back office (catalogue_prices) is announced like the other cached tables of 0001, so every
-- API process forgets its built offer lists at once and the next read (the cart's, the purchase's) is priced anew.
CREATE TRIGGER catalogue_prices_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_prices
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
