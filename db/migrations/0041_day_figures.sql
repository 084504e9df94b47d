CREATE TABLE "day_figures" (
	"supplier_id" uuid NOT NULL,
	"place_id" uuid,
	"day" date NOT NULL,
	"booked" integer NOT NULL,
	"blocked" integer NOT NULL,
	"made_pay_later" integer NOT NULL,
	"made_deposit" integer NOT NULL,
	"made_full" integer NOT NULL,
	"made_revenue_pay_later" bigint NOT NULL,
	"made_revenue_deposit" bigint NOT NULL,
	"made_revenue_full" bigint NOT NULL,
	"picked_up" integer NOT NULL,
	"picked_up_days" integer NOT NULL,
	"picked_up_revenue" bigint NOT NULL,
	"picked_up_tax" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_figures_stale" (
	"supplier_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_figures" ADD CONSTRAINT "day_figures_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_figures" ADD CONSTRAINT "day_figures_place_id_locations_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_figures_supplier_idx" ON "day_figures" USING btree ("supplier_id","place_id","day");--> statement-breakpoint
CREATE INDEX "day_figures_place_idx" ON "day_figures" USING btree ("place_id","day");--> statement-breakpoint
CREATE INDEX "day_figures_stale_supplier_idx" ON "day_figures_stale" USING btree ("supplier_id","from_day");--> statement-breakpoint
CREATE INDEX "cars_offered_idx" ON "cars" USING btree ("supplier_id") WHERE "cars"."available" and "cars"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_supplier_published_idx" ON "reviews" USING btree ("supplier_id","location_id") INCLUDE ("staff_mark","condition_mark","value_mark","queue_mark") WHERE "reviews"."status" = 'published';--> statement-breakpoint
-- The UTC days a period [starts, ends) touches, as the overview's chart counts them (figures-scope.server.ts).
CREATE FUNCTION day_figures_first_day(starts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS
  $$ SELECT (starts AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
CREATE FUNCTION day_figures_last_day(ends timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS
  $$ SELECT ((ends - interval '1 microsecond') AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
-- Bookings: the days each row touches and the day it was made, for every row inserted or deleted and both sides of an
-- update that changes a figure (car, dates, supplier, pick-up place, whether it is kept: KEPT_STATUSES and
-- released_at; payment mode, amounts, days, when made). A payment settling (pending to paid) marks nothing.
CREATE FUNCTION day_figures_stale_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT supplier_id, day_figures_first_day(starts_at), day_figures_last_day(ends_at) FROM new_rows
    UNION
    SELECT DISTINCT supplier_id, day_figures_first_day(created_at), day_figures_first_day(created_at) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT supplier_id, day_figures_first_day(starts_at), day_figures_last_day(ends_at) FROM old_rows
    UNION
    SELECT DISTINCT supplier_id, day_figures_first_day(created_at), day_figures_first_day(created_at) FROM old_rows;
  ELSE
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT side.supplier_id, side.from_day, side.to_day
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.supplier_id, day_figures_first_day(o.starts_at), day_figures_last_day(o.ends_at)),
      (o.supplier_id, day_figures_first_day(o.created_at), day_figures_first_day(o.created_at)),
      (n.supplier_id, day_figures_first_day(n.starts_at), day_figures_last_day(n.ends_at)),
      (n.supplier_id, day_figures_first_day(n.created_at), day_figures_first_day(n.created_at))
    ) AS side(supplier_id, from_day, to_day)
    WHERE (o.car_id, o.starts_at, o.ends_at, o.supplier_id, o.pickup_location_id, o.released_at IS NULL,
        o.status IN ('pending', 'deposit', 'paid', 'reserved'), o.payment_mode, o.total_price, o.tax_amount, o.days,
        o.created_at)
      IS DISTINCT FROM (n.car_id, n.starts_at, n.ends_at, n.supplier_id, n.pickup_location_id, n.released_at IS NULL,
        n.status IN ('pending', 'deposit', 'paid', 'reserved'), n.payment_mode, n.total_price, n.tax_amount, n.days,
        n.created_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER day_figures_bookings_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_bookings();--> statement-breakpoint
CREATE TRIGGER day_figures_bookings_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_bookings();--> statement-breakpoint
CREATE TRIGGER day_figures_bookings_deleted AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_bookings();--> statement-breakpoint
-- Blocks: the days of every block put on, moved or lifted, for its car's supplier.
CREATE FUNCTION day_figures_stale_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT c.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
    FROM new_rows k JOIN cars c ON c.id = k.car_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT c.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
    FROM old_rows k JOIN cars c ON c.id = k.car_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER day_figures_blocks_inserted AFTER INSERT ON car_blocks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_blocks();--> statement-breakpoint
CREATE TRIGGER day_figures_blocks_updated AFTER UPDATE ON car_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_blocks();--> statement-breakpoint
CREATE TRIGGER day_figures_blocks_deleted AFTER DELETE ON car_blocks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_blocks();--> statement-breakpoint
-- A car serving a place or no longer: its blocks count for that place's figures (carScope), or stop counting.
CREATE FUNCTION day_figures_stale_car_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT c.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
    FROM cars c JOIN car_blocks k ON k.car_id = c.id
    WHERE c.id IN (SELECT car_id FROM new_rows);
  ELSE
    INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
    SELECT DISTINCT c.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
    FROM cars c JOIN car_blocks k ON k.car_id = c.id
    WHERE c.id IN (SELECT car_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER day_figures_car_places_inserted AFTER INSERT ON car_locations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_car_places();--> statement-breakpoint
CREATE TRIGGER day_figures_car_places_deleted AFTER DELETE ON car_locations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION day_figures_stale_car_places();--> statement-breakpoint
-- What was booked and blocked before this migration: every supplier's whole span, counted by the first beat.
INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
SELECT supplier_id, least(min(day_figures_first_day(starts_at)), min(day_figures_first_day(created_at))),
  greatest(max(day_figures_last_day(ends_at)), max(day_figures_first_day(created_at)))
FROM bookings GROUP BY supplier_id;--> statement-breakpoint
INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
SELECT c.supplier_id, min(day_figures_first_day(k.starts_at)), max(day_figures_last_day(k.ends_at))
FROM car_blocks k JOIN cars c ON c.id = k.car_id GROUP BY c.supplier_id;
