ALTER TABLE "cars" ADD COLUMN "large_bags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "small_bags" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "rents_by_category" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_bags_check" CHECK ("cars"."large_bags" between 0 and 20 and "cars"."small_bags" between 0 and 20);--> statement-breakpoint
-- Until operators state them: the luggage a car of its type usually takes.
UPDATE "cars" SET
  "large_bags" = CASE "range" WHEN 'mini' THEN 1 WHEN 'midi' THEN 2 WHEN 'maxi' THEN 3 WHEN 'bus' THEN 6 WHEN 'truck' THEN 2 WHEN 'caravan' THEN 4 ELSE 0 END,
  "small_bags" = CASE "range" WHEN 'scooter' THEN 1 WHEN 'mini' THEN 1 WHEN 'midi' THEN 2 WHEN 'maxi' THEN 3 WHEN 'bus' THEN 6 WHEN 'truck' THEN 2 WHEN 'caravan' THEN 4 ELSE 0 END;
