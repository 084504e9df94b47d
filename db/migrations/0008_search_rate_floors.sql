ALTER TABLE "car_locations" ADD COLUMN "rate_floor_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "rate_floor_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "rate_floor_7" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "car_locations" ADD COLUMN "rate_floor_30" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "rate_floor_1" integer GENERATED ALWAYS AS (case when is_date_based_price then 0 else least(coalesce(nullif(greatest(discounted_daily_price, 0), 0), nullif(greatest(daily_price, 0), 0))) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "rate_floor_3" integer GENERATED ALWAYS AS (case when is_date_based_price then 0 else least(coalesce(nullif(greatest(discounted_daily_price, 0), 0), nullif(greatest(daily_price, 0), 0)), coalesce(nullif(greatest(discounted_bi_weekly_price, 0), 0), nullif(greatest(bi_weekly_price, 0), 0)) / 3) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "rate_floor_7" integer GENERATED ALWAYS AS (case when is_date_based_price then 0 else least(coalesce(nullif(greatest(discounted_daily_price, 0), 0), nullif(greatest(daily_price, 0), 0)), coalesce(nullif(greatest(discounted_bi_weekly_price, 0), 0), nullif(greatest(bi_weekly_price, 0), 0)) / 3, coalesce(nullif(greatest(discounted_weekly_price, 0), 0), nullif(greatest(weekly_price, 0), 0)) / 7) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "rate_floor_30" integer GENERATED ALWAYS AS (case when is_date_based_price then 0 else least(coalesce(nullif(greatest(discounted_daily_price, 0), 0), nullif(greatest(daily_price, 0), 0)), coalesce(nullif(greatest(discounted_bi_weekly_price, 0), 0), nullif(greatest(bi_weekly_price, 0), 0)) / 3, coalesce(nullif(greatest(discounted_weekly_price, 0), 0), nullif(greatest(weekly_price, 0), 0)) / 7, coalesce(nullif(greatest(discounted_monthly_price, 0), 0), nullif(greatest(monthly_price, 0), 0)) / 30) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "car_locations_floor_1_idx" ON "car_locations" USING btree ("location_id","rate_floor_1","car_id");--> statement-breakpoint
CREATE INDEX "car_locations_floor_3_idx" ON "car_locations" USING btree ("location_id","rate_floor_3","car_id");--> statement-breakpoint
CREATE INDEX "car_locations_floor_7_idx" ON "car_locations" USING btree ("location_id","rate_floor_7","car_id");--> statement-breakpoint
CREATE INDEX "car_locations_floor_30_idx" ON "car_locations" USING btree ("location_id","rate_floor_30","car_id");--> statement-breakpoint
-- car_locations keeps a copy of its car's rate floors (the generated columns of cars), so the search can walk a
-- place's cars cheapest first (decision 022). A new pairing takes the car's floors; a car whose prices change passes
-- its new floors to its places.
CREATE FUNCTION car_locations_take_rate_floors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.rate_floor_1, c.rate_floor_3, c.rate_floor_7, c.rate_floor_30
    INTO NEW.rate_floor_1, NEW.rate_floor_3, NEW.rate_floor_7, NEW.rate_floor_30
    FROM cars c WHERE c.id = NEW.car_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER car_locations_rate_floors BEFORE INSERT OR UPDATE OF car_id ON car_locations
  FOR EACH ROW EXECUTE FUNCTION car_locations_take_rate_floors();--> statement-breakpoint
CREATE FUNCTION cars_pass_rate_floors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE car_locations cl
    SET rate_floor_1 = NEW.rate_floor_1, rate_floor_3 = NEW.rate_floor_3, rate_floor_7 = NEW.rate_floor_7, rate_floor_30 = NEW.rate_floor_30
    WHERE cl.car_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cars_rate_floors AFTER UPDATE ON cars
  FOR EACH ROW
  WHEN ((OLD.rate_floor_1, OLD.rate_floor_3, OLD.rate_floor_7, OLD.rate_floor_30)
    IS DISTINCT FROM (NEW.rate_floor_1, NEW.rate_floor_3, NEW.rate_floor_7, NEW.rate_floor_30))
  EXECUTE FUNCTION cars_pass_rate_floors();--> statement-breakpoint
UPDATE car_locations cl
  SET rate_floor_1 = c.rate_floor_1, rate_floor_3 = c.rate_floor_3, rate_floor_7 = c.rate_floor_7, rate_floor_30 = c.rate_floor_30
  FROM cars c WHERE c.id = cl.car_id;
