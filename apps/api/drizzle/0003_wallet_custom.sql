-- Every journal entry sums to zero: checked at commit (deferred), after all of an entry's lines are written.
CREATE OR REPLACE FUNCTION wallet_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM wallet_lines WHERE entry_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.entry_id ELSE NEW.entry_id END;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: lines sum to %', CASE WHEN TG_OP = 'DELETE' THEN OLD.entry_id ELSE NEW.entry_id END, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS wallet_lines_balanced ON wallet_lines;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_lines_balanced
  AFTER INSERT OR UPDATE OR DELETE ON wallet_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_check_entry_balanced();
