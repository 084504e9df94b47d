CREATE TABLE "desk_zone_days" (
	"supplier_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "desk_zone_days_supplier_id_time_zone_day_kind_pk" PRIMARY KEY("supplier_id","time_zone","day","kind")
);
--> statement-breakpoint
CREATE TABLE "desk_zone_days_as_of" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "desk_zone_days_as_of_one_row" CHECK ("desk_zone_days_as_of"."id" = 1)
);
--> statement-breakpoint
-- The merged moments summed per supplier, time zone (the clock place's, as it is now), local day and kind, over
-- [upto - 28 h, upto + 76 h): a reader within an hour of `upto` finds every moment of any clock's today and tomorrow
-- there (today began at most 25 hours before it, tomorrow ends at most 50 hours after). Fresh moments are left to the
-- readers, who add them.
CREATE FUNCTION desk_zone_days_recount(upto timestamptz DEFAULT now()) RETURNS void LANGUAGE sql AS $$
  DELETE FROM desk_zone_days;
  INSERT INTO desk_zone_days (supplier_id, time_zone, day, kind, bookings)
  SELECT m.supplier_id, clock.time_zone, (m.at AT TIME ZONE clock.time_zone)::date, m.kind, sum(m.bookings)::integer
  FROM desk_moments m JOIN locations clock ON clock.id = m.clock_place_id
  WHERE NOT m.fresh AND m.at >= upto - interval '28 hours' AND m.at < upto + interval '76 hours'
  GROUP BY 1, 2, 3, 4 HAVING sum(m.bookings) <> 0;
  INSERT INTO desk_zone_days_as_of (id, as_of) VALUES (1, upto)
  ON CONFLICT (id) DO UPDATE SET as_of = excluded.as_of;
$$;--> statement-breakpoint
-- The minute beat's desk share: the quarter hours merged as before (migration 0046, `desk_moments_merge`) and, by the
-- instance that merged them, the days summed afresh under the same lock and in the same transaction: a reader sees the
-- merged moments and their sums, or neither. Returns the keys merged.
CREATE FUNCTION desk_moments_beat() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  merged integer := desk_moments_merge();
BEGIN
  -- A session takes again an advisory lock it holds: true where the merge took it, false where another instance has it.
  IF pg_try_advisory_xact_lock(hashtext('desk_moments_merge')) THEN
    PERFORM desk_zone_days_recount();
  END IF;
  RETURN merged;
END $$;--> statement-breakpoint
SELECT desk_zone_days_recount();
