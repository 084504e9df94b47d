CREATE TABLE "car_earnings" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"supplier_id" uuid NOT NULL,
	"earned" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_earnings_as_of" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "car_earnings_as_of_one_row" CHECK ("car_earnings_as_of"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "car_earnings_stale" (
	"car_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "car_earnings_supplier_idx" ON "car_earnings" USING btree ("supplier_id","earned" DESC NULLS LAST,"car_id");--> statement-breakpoint
CREATE INDEX "car_earnings_idx" ON "car_earnings" USING btree ("earned" DESC NULLS LAST,"car_id");--> statement-breakpoint
CREATE INDEX "car_earnings_stale_supplier_idx" ON "car_earnings_stale" USING btree ("supplier_id");--> statement-breakpoint
-- What the given cars earned over the 90 days before `until`: their kept bookings (not unpaid holds released, not
-- cancelled) picked up in [until - 90 days, until), as the overview's top earners count them; rows written afresh.
CREATE FUNCTION car_earnings_recount_cars(touched uuid[], until timestamptz) RETURNS void LANGUAGE sql AS $$
  DELETE FROM car_earnings WHERE car_id = ANY (touched);
  INSERT INTO car_earnings (car_id, supplier_id, earned)
  SELECT car_id, supplier_id, sum(total_price)
  FROM bookings
  WHERE car_id = ANY (touched) AND status IN ('pending', 'deposit', 'paid', 'reserved') AND released_at IS NULL
    AND starts_at >= until - interval '2160 hours' AND starts_at < until
  GROUP BY car_id, supplier_id
  HAVING sum(total_price) > 0;
$$;--> statement-breakpoint
-- The minute beat's share: under a lock only one instance holds, the window moves to now; the cars whose bookings
-- changed since (marked stale) and those with a kept booking starting where the window's ends moved are counted again.
CREATE FUNCTION car_earnings_advance() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  was timestamptz;
  upto timestamptz := now();
  touched uuid[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(52006) THEN
    RETURN 0;
  END IF;
  SELECT as_of INTO was FROM car_earnings_as_of WHERE id = 1;
  WITH taken AS (DELETE FROM car_earnings_stale RETURNING car_id)
  SELECT array_agg(DISTINCT car_id) INTO touched FROM (
    SELECT car_id FROM taken
    UNION
    SELECT car_id FROM bookings
    WHERE starts_at >= least(was, upto) AND starts_at < greatest(was, upto)
    UNION
    SELECT car_id FROM bookings
    WHERE starts_at >= least(was, upto) - interval '2160 hours' AND starts_at < greatest(was, upto) - interval '2160 hours'
  ) cars_touched;
  IF touched IS NOT NULL THEN
    PERFORM car_earnings_recount_cars(touched, upto);
  END IF;
  UPDATE car_earnings_as_of SET as_of = upto WHERE id = 1;
  RETURN coalesce(array_length(touched, 1), 0);
END $$;--> statement-breakpoint
-- Bookings: the cars of every row written that starts within the window or up to an hour after now (a reader's clock
-- may run a little ahead), on both sides of an update that changes what it earns. A booking starting later enters the
-- window through the beat (or the reader), which counts its car when its start passes.
CREATE FUNCTION car_earnings_stale_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO car_earnings_stale (car_id, supplier_id)
    SELECT DISTINCT car_id, supplier_id FROM new_rows
    WHERE starts_at >= now() - interval '2161 hours' AND starts_at < now() + interval '1 hour';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO car_earnings_stale (car_id, supplier_id)
    SELECT DISTINCT car_id, supplier_id FROM old_rows
    WHERE starts_at >= now() - interval '2161 hours' AND starts_at < now() + interval '1 hour';
  ELSE
    INSERT INTO car_earnings_stale (car_id, supplier_id)
    SELECT DISTINCT side.car_id, side.supplier_id
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.car_id, o.supplier_id, o.starts_at), (n.car_id, n.supplier_id, n.starts_at))
      AS side(car_id, supplier_id, starts_at)
    WHERE side.starts_at >= now() - interval '2161 hours' AND side.starts_at < now() + interval '1 hour'
      AND (o.car_id, o.supplier_id, o.starts_at, o.total_price, o.released_at IS NULL,
          o.status IN ('pending', 'deposit', 'paid', 'reserved'))
        IS DISTINCT FROM (n.car_id, n.supplier_id, n.starts_at, n.total_price, n.released_at IS NULL,
          n.status IN ('pending', 'deposit', 'paid', 'reserved'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER car_earnings_bookings_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_earnings_stale_bookings();--> statement-breakpoint
CREATE TRIGGER car_earnings_bookings_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_earnings_stale_bookings();--> statement-breakpoint
CREATE TRIGGER car_earnings_bookings_deleted AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION car_earnings_stale_bookings();--> statement-breakpoint
-- Every car counted as of `until` (this migration and the benchmark data, as of now; the benchmark also counts as of
-- 90 days ahead, where its generated bookings are, to read the kept rows as a running beat leaves them).
CREATE FUNCTION car_earnings_recount(until timestamptz DEFAULT now()) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(52006);
  TRUNCATE car_earnings, car_earnings_stale;
  INSERT INTO car_earnings_as_of (id, as_of) VALUES (1, until)
  ON CONFLICT (id) DO UPDATE SET as_of = excluded.as_of;
  INSERT INTO car_earnings (car_id, supplier_id, earned)
  SELECT car_id, supplier_id, sum(total_price)
  FROM bookings
  WHERE status IN ('pending', 'deposit', 'paid', 'reserved') AND released_at IS NULL
    AND starts_at >= until - interval '2160 hours' AND starts_at < until
  GROUP BY car_id, supplier_id
  HAVING sum(total_price) > 0;
END $$;--> statement-breakpoint
SELECT car_earnings_recount();
