CREATE TABLE "desk_moments" (
	"supplier_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"place_id" uuid NOT NULL,
	"clock_place_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bookings" integer NOT NULL,
	"fresh" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "desk_moments_supplier_idx" ON "desk_moments" USING btree ("supplier_id","at");--> statement-breakpoint
CREATE INDEX "desk_moments_at_idx" ON "desk_moments" USING btree ("at");--> statement-breakpoint
CREATE INDEX "desk_moments_fresh_idx" ON "desk_moments" USING btree ("supplier_id","at","place_id","clock_place_id","kind") WHERE "desk_moments"."fresh";--> statement-breakpoint
-- A booking's pick-up and return as quarter-hour moments, counted `delta` times, when it counts for the desk (kept,
-- not a released hold): the pick-up on its place's clock, the return on the drop-off place's.
CREATE FUNCTION desk_moments_of(b bookings, delta integer)
RETURNS TABLE (supplier_id uuid, at timestamptz, place_id uuid, clock_place_id uuid, kind text, n integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT b.supplier_id, date_bin('15 minutes', b.starts_at, timestamptz '2000-01-01 00:00:00+00'), b.pickup_location_id,
    b.pickup_location_id, 'pickup', delta
  WHERE b.status IN ('pending', 'deposit', 'paid', 'reserved') AND b.released_at IS NULL
  UNION ALL
  SELECT b.supplier_id, date_bin('15 minutes', b.ends_at, timestamptz '2000-01-01 00:00:00+00'), b.pickup_location_id,
    b.dropoff_location_id, 'return', delta
  WHERE b.status IN ('pending', 'deposit', 'paid', 'reserved') AND b.released_at IS NULL
$$;--> statement-breakpoint
-- A statement's changes, summed per moment, added as fresh rows: nothing updated, so no writer ever waits on another
-- for a shared count (a payment settling adds and takes away the same: nothing written).
CREATE FUNCTION desk_moments_bookings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(m) INTO changes FROM new_rows r CROSS JOIN LATERAL desk_moments_of(r::bookings, 1) m;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(m) INTO changes FROM old_rows r CROSS JOIN LATERAL desk_moments_of(r::bookings, -1) m;
  ELSE
    SELECT jsonb_agg(m) INTO changes FROM (
      SELECT o.* FROM old_rows r CROSS JOIN LATERAL desk_moments_of(r::bookings, -1) o
      UNION ALL
      SELECT n.* FROM new_rows r CROSS JOIN LATERAL desk_moments_of(r::bookings, 1) n
    ) m;
  END IF;
  IF changes IS NOT NULL THEN
    INSERT INTO desk_moments (supplier_id, at, place_id, clock_place_id, kind, bookings)
      SELECT c.supplier_id, c.at, c.place_id, c.clock_place_id, c.kind, sum(c.n)::integer
      FROM jsonb_to_recordset(changes)
        AS c(supplier_id uuid, at timestamptz, place_id uuid, clock_place_id uuid, kind text, n integer)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_deleted AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
-- The minute beat: every key with fresh rows merged into one row of their sum (none at nothing), one instance at a
-- time. Rows a writer has not committed yet are not seen, so stay fresh for the next beat. Returns the keys merged.
CREATE FUNCTION desk_moments_merge() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  merged integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('desk_moments_merge')) THEN
    RETURN 0;
  END IF;
  WITH keys AS (
    SELECT DISTINCT supplier_id, at, place_id, clock_place_id, kind FROM desk_moments WHERE fresh
  ), gone AS (
    DELETE FROM desk_moments d USING keys k
    WHERE (d.supplier_id, d.at, d.place_id, d.clock_place_id, d.kind)
      = (k.supplier_id, k.at, k.place_id, k.clock_place_id, k.kind)
    RETURNING d.supplier_id, d.at, d.place_id, d.clock_place_id, d.kind, d.bookings
  )
  INSERT INTO desk_moments (supplier_id, at, place_id, clock_place_id, kind, bookings, fresh)
    SELECT supplier_id, at, place_id, clock_place_id, kind, sum(bookings)::integer, false FROM gone
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(bookings) <> 0;
  GET DIAGNOSTICS merged = ROW_COUNT;
  RETURN merged;
END $$;--> statement-breakpoint
-- Every booking's moments counted again into a fresh table, one row a key: this migration's backfill, and the
-- benchmark data's last step.
CREATE FUNCTION desk_moments_recount() RETURNS void LANGUAGE sql AS $$
  TRUNCATE desk_moments;
  INSERT INTO desk_moments (supplier_id, at, place_id, clock_place_id, kind, bookings, fresh)
    SELECT m.supplier_id, m.at, m.place_id, m.clock_place_id, m.kind, sum(m.n)::integer, false
    FROM bookings b CROSS JOIN LATERAL desk_moments_of(b, 1) m
    GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT desk_moments_recount();
