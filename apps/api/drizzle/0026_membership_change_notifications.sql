-- Each API process remembers which price list a customer's cart uses (members or default, issue 22): every write to
-- membership_members (a join, a leave) is announced like the cached tables of 0001, so every process forgets at once.
CREATE TRIGGER membership_members_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON membership_members
  FOR EACH STATEMENT EXECUTE FUNCTION shop_notify_change();
