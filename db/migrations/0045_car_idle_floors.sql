CREATE TABLE "car_idle_floors_as_of" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "car_idle_floors_as_of_one_row" CHECK ("car_idle_floors_as_of"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "idle_floor" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cars_idle_supplier_idx" ON "cars" USING btree ("supplier_id","idle_floor" NULLS FIRST,"name","id") WHERE "cars"."available" and "cars"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "cars_idle_idx" ON "cars" USING btree ("idle_floor" NULLS FIRST,"name","id") WHERE "cars"."available" and "cars"."retired_at" is null;--> statement-breakpoint
-- A car's idle floor counted now: the latest end among its kept bookings started at least 10 minutes before this
-- transaction began. The lag lets a reader whose clock runs up to 5 minutes behind the database's still read a lower
-- bound (idle-cars.server.ts). Volatile: called after its car's row is locked, it reads what committed meanwhile.
CREATE FUNCTION car_idle_floor(car uuid) RETURNS timestamptz LANGUAGE sql VOLATILE AS $$
  SELECT max(ends_at) FROM bookings
  WHERE car_id = car AND status IN ('pending', 'deposit', 'paid', 'reserved') AND starts_at < now() - interval '10 minutes'
$$;--> statement-breakpoint
-- Counts the given cars' floors again, their rows locked in id order first (two writers never wait on each other in a
-- circle, and a writer that waited reads what the other committed).
CREATE FUNCTION car_idle_floors_recount_cars(touched uuid[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM 1 FROM cars WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE cars c SET idle_floor = f.floor
    FROM (SELECT t.id, car_idle_floor(t.id) AS floor FROM unnest(touched) AS t(id)) f
    WHERE c.id = f.id AND c.idle_floor IS DISTINCT FROM f.floor;
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END $$;--> statement-breakpoint
-- A floor must never be above its car's true last end, so whatever could lower one is counted in the writing
-- transaction: a kept booking cancelled, deleted, moved off the car, shortened or started later. The old side of any
-- row starting before now + 1 hour is counted (the beat only counts bookings that started 10 minutes before it began,
-- so a writer open for over an hour is the only one that could miss a booking the beat counted meanwhile). What can
-- only raise a floor (a booking added or moved onto a car) is counted when it started 10 minutes ago or more, and is
-- otherwise left to the beat: a floor too low costs the reader a probe, never a wrong answer.
CREATE FUNCTION car_idle_floors_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT car_id) INTO touched FROM new_rows
      WHERE status IN ('pending', 'deposit', 'paid', 'reserved') AND starts_at < now() - interval '10 minutes';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT car_id) INTO touched FROM old_rows
      WHERE status IN ('pending', 'deposit', 'paid', 'reserved') AND starts_at < now() + interval '1 hour';
  ELSE
    SELECT array_agg(DISTINCT side.car_id) INTO touched
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.car_id, o.status IN ('pending', 'deposit', 'paid', 'reserved') AND o.starts_at < now() + interval '1 hour'),
      (n.car_id, n.status IN ('pending', 'deposit', 'paid', 'reserved') AND n.starts_at < now() - interval '10 minutes')
    ) AS side(car_id, counts)
    WHERE side.counts
      AND (o.car_id, o.starts_at, o.ends_at, o.status IN ('pending', 'deposit', 'paid', 'reserved'))
        IS DISTINCT FROM (n.car_id, n.starts_at, n.ends_at, n.status IN ('pending', 'deposit', 'paid', 'reserved'));
  END IF;
  IF touched IS NOT NULL THEN
    PERFORM car_idle_floors_recount_cars(touched);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER car_idle_floors_bookings_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_idle_floors_bookings_changed();--> statement-breakpoint
CREATE TRIGGER car_idle_floors_bookings_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_idle_floors_bookings_changed();--> statement-breakpoint
CREATE TRIGGER car_idle_floors_bookings_deleted AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_idle_floors_bookings_changed();--> statement-breakpoint
-- The minute beat: raises the floors of the cars whose kept bookings started since the last beat (10 minutes lagged),
-- so that floors stay close to the truth and the reader's walk short. One instance at a time (the row is skipped
-- while another holds it). Returns how many floors changed.
CREATE FUNCTION car_idle_floors_advance() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
  until timestamptz := now() - interval '10 minutes';
  touched uuid[];
BEGIN
  SELECT as_of INTO since FROM car_idle_floors_as_of FOR UPDATE SKIP LOCKED;
  IF NOT FOUND OR since >= until THEN
    RETURN 0;
  END IF;
  SELECT array_agg(DISTINCT car_id) INTO touched FROM bookings
    WHERE starts_at >= since AND starts_at < until AND status IN ('pending', 'deposit', 'paid', 'reserved');
  UPDATE car_idle_floors_as_of SET as_of = until;
  IF touched IS NULL THEN
    RETURN 0;
  END IF;
  RETURN car_idle_floors_recount_cars(touched);
END $$;--> statement-breakpoint
-- Every car's floor counted again: this migration's backfill, and the benchmark data's last step.
CREATE FUNCTION car_idle_floors_recount() RETURNS void LANGUAGE sql AS $$
  UPDATE cars c SET idle_floor = m.floor
    FROM (SELECT car.id, last.floor FROM cars car LEFT JOIN (
        SELECT car_id, max(ends_at) AS floor FROM bookings
        WHERE status IN ('pending', 'deposit', 'paid', 'reserved') AND starts_at < now() - interval '10 minutes'
        GROUP BY car_id) last ON last.car_id = car.id) m
    WHERE c.id = m.id AND c.idle_floor IS DISTINCT FROM m.floor;
  INSERT INTO car_idle_floors_as_of (id, as_of) VALUES (1, now() - interval '10 minutes')
    ON CONFLICT (id) DO UPDATE SET as_of = excluded.as_of;
$$;--> statement-breakpoint
SELECT car_idle_floors_recount();
