-- The tab of a status. Kept equal to TAB_STATUSES in packages/domain by a test.
CREATE OR REPLACE FUNCTION order_tab(s text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN s IN ('SUBMITTED','PAYMENT_SUBMITTED','PAYMENT_APPROVED','ACTIVE','MERCHANT_ACCEPTED','MERCHANT_SHIPPED') THEN 'active'
    WHEN s = 'REJECTED_PARTIAL' THEN 'on_hold'
    WHEN s IN ('MERCHANT_REJECTED','CANCELLED','PAYMENT_DECLINED','DISPUTED','REFUNDED') THEN 'cancelled'
    WHEN s = 'CLOSED' THEN 'completed'
    ELSE 'active'
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_set_tab() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tab := order_tab(NEW.status);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_set_tab_trg BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_set_tab();
--> statement-breakpoint
-- Kept counts per merchant and tab: the counts endpoint reads four rows, never scans orders.
CREATE OR REPLACE FUNCTION orders_count_tabs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_tab_counts AS c (merchant_id, tab, count) VALUES (NEW.merchant_id, NEW.tab, 1)
      ON CONFLICT (merchant_id, tab) DO UPDATE SET count = c.count + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE merchant_tab_counts SET count = count - 1 WHERE merchant_id = OLD.merchant_id AND tab = OLD.tab;
  ELSIF NEW.tab IS DISTINCT FROM OLD.tab OR NEW.merchant_id IS DISTINCT FROM OLD.merchant_id THEN
    UPDATE merchant_tab_counts SET count = count - 1 WHERE merchant_id = OLD.merchant_id AND tab = OLD.tab;
    INSERT INTO merchant_tab_counts AS c (merchant_id, tab, count) VALUES (NEW.merchant_id, NEW.tab, 1)
      ON CONFLICT (merchant_id, tab) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_count_tabs_trg AFTER INSERT OR DELETE OR UPDATE OF status, tab, merchant_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_count_tabs();
