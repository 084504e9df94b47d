CREATE TABLE "desk_moments" (
	"supplier_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"place_id" uuid NOT NULL,
	"clock_place_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "desk_moments_supplier_id_at_place_id_clock_place_id_kind_pk" PRIMARY KEY("supplier_id","at","place_id","clock_place_id","kind")
);
--> statement-breakpoint
CREATE INDEX "desk_moments_at_idx" ON "desk_moments" USING btree ("at");--> statement-breakpoint
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
-- Adds a statement's changes, summed per moment (a payment settling adds and takes away the same: nothing written), in
-- key order so two writers lock rows in one order; a row at nothing is deleted.
CREATE FUNCTION desk_moments_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO desk_moments AS t (supplier_id, at, place_id, clock_place_id, kind, bookings)
    SELECT c.supplier_id, c.at, c.place_id, c.clock_place_id, c.kind, sum(c.n)::integer
    FROM jsonb_to_recordset(changes)
      AS c(supplier_id uuid, at timestamptz, place_id uuid, clock_place_id uuid, kind text, n integer)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.n) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (supplier_id, at, place_id, clock_place_id, kind) DO UPDATE SET bookings = t.bookings + excluded.bookings;
  DELETE FROM desk_moments t
    USING jsonb_to_recordset(changes)
      AS c(supplier_id uuid, at timestamptz, place_id uuid, clock_place_id uuid, kind text, n integer)
    WHERE c.n < 0 AND t.bookings <= 0 AND (t.supplier_id, t.at, t.place_id, t.clock_place_id, t.kind)
      = (c.supplier_id, c.at, c.place_id, c.clock_place_id, c.kind);
END $$;--> statement-breakpoint
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
    PERFORM desk_moments_apply(changes);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_inserted AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_updated AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
CREATE TRIGGER desk_moments_bookings_deleted AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION desk_moments_bookings_changed();--> statement-breakpoint
-- Every booking's moments counted again into a fresh table: this migration's backfill, and the benchmark data's last
-- step.
CREATE FUNCTION desk_moments_recount() RETURNS void LANGUAGE sql AS $$
  TRUNCATE desk_moments;
  INSERT INTO desk_moments (supplier_id, at, place_id, clock_place_id, kind, bookings)
    SELECT m.supplier_id, m.at, m.place_id, m.clock_place_id, m.kind, sum(m.n)::integer
    FROM bookings b CROSS JOIN LATERAL desk_moments_of(b, 1) m
    GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT desk_moments_recount();
