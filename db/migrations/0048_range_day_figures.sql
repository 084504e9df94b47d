CREATE TABLE "range_day_figures" (
	"supplier_id" uuid NOT NULL,
	"place_id" uuid,
	"range" text NOT NULL,
	"day" date NOT NULL,
	"booked" integer NOT NULL,
	"blocked" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_range_cars" (
	"supplier_id" uuid NOT NULL,
	"range" text NOT NULL,
	"cars" integer NOT NULL,
	CONSTRAINT "supplier_range_cars_supplier_id_range_pk" PRIMARY KEY("supplier_id","range")
);
--> statement-breakpoint
ALTER TABLE "range_day_figures" ADD CONSTRAINT "range_day_figures_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "range_day_figures" ADD CONSTRAINT "range_day_figures_place_id_locations_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "range_day_figures_supplier_idx" ON "range_day_figures" USING btree ("supplier_id","place_id","day");--> statement-breakpoint
CREATE INDEX "range_day_figures_place_idx" ON "range_day_figures" USING btree ("place_id","day");--> statement-breakpoint
-- Cars per supplier and category: a statement's cars added or taken away, summed per (supplier, range); a row at
-- nothing is deleted. Rows are locked in key order (here and below): two statements adding cars to or taking them
-- from the same categories, or two cars changing category in opposite directions, wait in a line, never in a circle.
CREATE FUNCTION supplier_range_cars_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO supplier_range_cars AS kept (supplier_id, range, cars)
    SELECT supplier_id, range, count(*)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (supplier_id, range) DO UPDATE SET cars = kept.cars + excluded.cars;
  ELSE
    PERFORM 1 FROM supplier_range_cars kept
    WHERE (kept.supplier_id, kept.range) IN (SELECT supplier_id, range FROM old_rows)
    ORDER BY kept.supplier_id, kept.range FOR UPDATE;
    UPDATE supplier_range_cars kept SET cars = kept.cars - gone.cars
    FROM (SELECT supplier_id, range, count(*)::int AS cars FROM old_rows GROUP BY 1, 2) gone
    WHERE kept.supplier_id = gone.supplier_id AND kept.range = gone.range;
    DELETE FROM supplier_range_cars kept
    USING (SELECT DISTINCT supplier_id, range FROM old_rows) gone
    WHERE kept.supplier_id = gone.supplier_id AND kept.range = gone.range AND kept.cars <= 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER supplier_range_cars_inserted AFTER INSERT ON cars REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION supplier_range_cars_changed();--> statement-breakpoint
CREATE TRIGGER supplier_range_cars_deleted AFTER DELETE ON cars REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION supplier_range_cars_changed();--> statement-breakpoint
-- A car changing category (or supplier): counted in its new one, and the days its bookings and blocks touch marked
-- for the beat to recount (range_day_figures counts each car-day under the car's category). A row trigger with a
-- WHEN, so the many updates that change neither (a car's idle floor, its price) cost nothing here.
CREATE FUNCTION supplier_range_cars_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM supplier_range_cars
  WHERE (supplier_id, range) IN ((OLD.supplier_id, OLD.range), (NEW.supplier_id, NEW.range))
  ORDER BY supplier_id, range FOR UPDATE;
  UPDATE supplier_range_cars SET cars = cars - 1 WHERE supplier_id = OLD.supplier_id AND range = OLD.range;
  DELETE FROM supplier_range_cars WHERE supplier_id = OLD.supplier_id AND range = OLD.range AND cars <= 0;
  INSERT INTO supplier_range_cars AS kept (supplier_id, range, cars) VALUES (NEW.supplier_id, NEW.range, 1)
  ON CONFLICT (supplier_id, range) DO UPDATE SET cars = kept.cars + 1;
  INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
  SELECT DISTINCT b.supplier_id, day_figures_first_day(b.starts_at), day_figures_last_day(b.ends_at)
  FROM bookings b WHERE b.car_id = NEW.id
  UNION
  SELECT DISTINCT owner.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
  FROM car_blocks k CROSS JOIN (VALUES (OLD.supplier_id), (NEW.supplier_id)) AS owner(supplier_id)
  WHERE k.car_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER supplier_range_cars_moved AFTER UPDATE OF range, supplier_id ON cars FOR EACH ROW
  WHEN (OLD.range IS DISTINCT FROM NEW.range OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id)
  EXECUTE FUNCTION supplier_range_cars_moved();--> statement-breakpoint
-- Every car counted again (this migration's start; the benchmark data after generating 100,000 cars at once).
CREATE FUNCTION supplier_range_cars_recount() RETURNS void LANGUAGE sql AS $$
  TRUNCATE supplier_range_cars;
  INSERT INTO supplier_range_cars (supplier_id, range, cars)
    SELECT supplier_id, range, count(*)::int FROM cars GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT supplier_range_cars_recount();--> statement-breakpoint
-- What was booked and blocked before this migration: every supplier's whole span, counted by the first beat into
-- range_day_figures (and into day_figures again, the same figures).
INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
SELECT supplier_id, min(day_figures_first_day(starts_at)), max(day_figures_last_day(ends_at))
FROM bookings GROUP BY supplier_id;--> statement-breakpoint
INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
SELECT c.supplier_id, min(day_figures_first_day(k.starts_at)), max(day_figures_last_day(k.ends_at))
FROM car_blocks k JOIN cars c ON c.id = k.car_id GROUP BY c.supplier_id;
--> statement-breakpoint
-- A car deleted with its blocks (a car with no booking may be deleted; its blocks go by cascade): the blocks' days are
-- marked for its supplier before they go. The blocks' own trigger runs after the car's row is gone and finds no
-- supplier to mark, which left the blocked days counted in day_figures and range_day_figures.
CREATE FUNCTION day_figures_stale_car_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO day_figures_stale (supplier_id, from_day, to_day)
  SELECT DISTINCT OLD.supplier_id, day_figures_first_day(k.starts_at), day_figures_last_day(k.ends_at)
  FROM car_blocks k WHERE k.car_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER day_figures_car_deleted BEFORE DELETE ON cars
  FOR EACH ROW EXECUTE FUNCTION day_figures_stale_car_deleted();
