-- An order that changes tab locks its store's two count rows in one order (by tab name) before it writes
-- them. Until now the old tab's row was taken first, then the new one's: a transaction moving an order from
-- active to on_hold and another moving one back from on_hold to active could each hold the row the other
-- needed, and PostgreSQL broke the tie by aborting one (40P01). Taken in one order, the second waits.
-- docs/decisions/0154-tab-count-rows-locked-in-one-order.md
CREATE OR REPLACE FUNCTION orders_count_tabs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_tab_counts AS c (merchant_id, tab, count) VALUES (NEW.merchant_id, NEW.tab, 1)
      ON CONFLICT (merchant_id, tab) DO UPDATE SET count = c.count + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE merchant_tab_counts SET count = count - 1 WHERE merchant_id = OLD.merchant_id AND tab = OLD.tab;
  ELSIF NEW.tab IS DISTINCT FROM OLD.tab OR NEW.merchant_id IS DISTINCT FROM OLD.merchant_id THEN
    PERFORM 1 FROM merchant_tab_counts
      WHERE (merchant_id = OLD.merchant_id AND tab = OLD.tab) OR (merchant_id = NEW.merchant_id AND tab = NEW.tab)
      ORDER BY merchant_id, tab FOR UPDATE;
    UPDATE merchant_tab_counts SET count = count - 1 WHERE merchant_id = OLD.merchant_id AND tab = OLD.tab;
    INSERT INTO merchant_tab_counts AS c (merchant_id, tab, count) VALUES (NEW.merchant_id, NEW.tab, 1)
      ON CONFLICT (merchant_id, tab) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END
$$;
