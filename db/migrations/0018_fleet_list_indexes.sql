-- The operators' fleet list (decision 027) pages through a supplier's cars, or every car for an admin, in each of its
-- sorts, searches names and plates, and lists retired cars; at 100,000 cars each needs its index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "cars_supplier_name_idx" ON "cars" ("supplier_id", "name", "id");
--> statement-breakpoint
CREATE INDEX "cars_name_idx" ON "cars" ("name", "id");
--> statement-breakpoint
CREATE INDEX "cars_supplier_daily_price_idx" ON "cars" ("supplier_id", "daily_price", "id");
--> statement-breakpoint
CREATE INDEX "cars_daily_price_idx" ON "cars" ("daily_price", "id");
--> statement-breakpoint
CREATE INDEX "cars_supplier_created_idx" ON "cars" ("supplier_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "cars_created_idx" ON "cars" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "cars_name_trgm_idx" ON "cars" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "cars_plate_trgm_idx" ON "cars" USING gin ("license_plate" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "cars_retired_idx" ON "cars" ("supplier_id", "retired_at") WHERE "retired_at" IS NOT NULL;
