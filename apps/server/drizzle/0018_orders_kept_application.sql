-- The application's name and brand name kept on the order (docs/decisions/0149): the orders list reads them
-- from the row instead of two look-ups of applications per row. An application's name never changes after
-- it is created (intake only adds applications), so the copy cannot drift; intake writes it, and a trigger
-- fills it for an insert that leaves it out (test fixtures, SQL loaders) or a change of application_id.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "application_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "application_brand_name" text;
--> statement-breakpoint
-- The backfill changes no column the kept report figures count: their statement trigger (migration 0016) is
-- off for it (the lock it takes holds other writers until this commits, so none of theirs goes uncounted).
ALTER TABLE "orders" DISABLE TRIGGER "orders_keep_report_days_upd";
--> statement-breakpoint
UPDATE "orders" o SET "application_name" = a."name", "application_brand_name" = a."brand_name"
FROM "applications" a WHERE a."id" = o."application_id" AND o."application_name" IS NULL;
--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_keep_report_days_upd";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.application_name IS NULL OR NEW.application_brand_name IS NULL
     OR (TG_OP = 'UPDATE' AND NEW.application_id IS DISTINCT FROM OLD.application_id) THEN
    SELECT a.name, a.brand_name INTO NEW.application_name, NEW.application_brand_name
    FROM applications a WHERE a.id = NEW.application_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_keep_application_trg ON "orders";
--> statement-breakpoint
CREATE TRIGGER orders_keep_application_trg BEFORE INSERT OR UPDATE OF application_id ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_keep_application();
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "application_name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "application_brand_name" SET NOT NULL;
