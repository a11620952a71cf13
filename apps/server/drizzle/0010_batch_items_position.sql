-- The details CSV reads a batch's items in selection order (decision 0105): one cursor on PostgreSQL, keyset
-- pages of positions on PGlite. Without this index every page sorted all of the batch's items again (the
-- primary key is (batch_id, order_id)), and the cursor could not start before a sort of the whole batch.
CREATE INDEX IF NOT EXISTS "batch_items_batch_position_idx" ON "batch_items" ("batch_id", "position");
