CREATE TABLE "place_pickup_sums" (
	"supplier_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"day" date NOT NULL,
	"picked_up" bigint NOT NULL,
	"picked_up_days" bigint NOT NULL,
	"picked_up_revenue" bigint NOT NULL,
	"picked_up_tax" bigint NOT NULL,
	CONSTRAINT "place_pickup_sums_supplier_id_place_id_day_pk" PRIMARY KEY("supplier_id","place_id","day")
);
--> statement-breakpoint
CREATE TABLE "supplier_pickup_places" (
	"supplier_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	CONSTRAINT "supplier_pickup_places_supplier_id_place_id_pk" PRIMARY KEY("supplier_id","place_id")
);
--> statement-breakpoint
CREATE INDEX "locations_name_en_idx" ON "locations" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "locations_name_fr_idx" ON "locations" USING btree ("name_fr","id");--> statement-breakpoint
CREATE INDEX "locations_name_es_idx" ON "locations" USING btree ("name_es","id");--> statement-breakpoint
-- The given suppliers' running pick-up sums at the given places and everywhere, and every supplier's at those places
-- and everywhere (the all-zero id stands for "every"), written afresh from `since` on from day_figures' kept rows:
-- each row adds its day's figures to the last row of its level before `since`. The minute beat calls it once, under
-- its lock, for the suppliers and places whose kept pick-ups it has just recounted, from the first changed day.
CREATE FUNCTION place_pickup_sums_recount(suppliers uuid[], places uuid[], since date) RETURNS void LANGUAGE sql AS $$
  DELETE FROM place_pickup_sums
  WHERE supplier_id = ANY (suppliers || '00000000-0000-0000-0000-000000000000'::uuid)
    AND place_id = ANY (places || '00000000-0000-0000-0000-000000000000'::uuid) AND day >= since;
  INSERT INTO supplier_pickup_places (supplier_id, place_id)
  SELECT DISTINCT supplier_id, place_id FROM day_figures
  WHERE supplier_id = ANY (suppliers) AND place_id = ANY (places) AND day >= since AND picked_up <> 0
  ON CONFLICT DO NOTHING;
  INSERT INTO place_pickup_sums (supplier_id, place_id, day, picked_up, picked_up_days, picked_up_revenue, picked_up_tax)
  SELECT counted.supplier_id, counted.place_id, counted.day,
    coalesce(base.picked_up, 0) + sum(counted.picked_up) OVER running,
    coalesce(base.picked_up_days, 0) + sum(counted.picked_up_days) OVER running,
    coalesce(base.picked_up_revenue, 0) + sum(counted.picked_up_revenue) OVER running,
    coalesce(base.picked_up_tax, 0) + sum(counted.picked_up_tax) OVER running
  FROM (
    SELECT supplier_id, place_id, day, picked_up::bigint, picked_up_days::bigint, picked_up_revenue, picked_up_tax
    FROM day_figures
    WHERE supplier_id = ANY (suppliers) AND place_id = ANY (places) AND day >= since AND picked_up <> 0
    UNION ALL
    SELECT supplier_id, '00000000-0000-0000-0000-000000000000'::uuid, day, picked_up::bigint, picked_up_days::bigint,
      picked_up_revenue, picked_up_tax
    FROM day_figures
    WHERE supplier_id = ANY (suppliers) AND place_id IS NULL AND day >= since AND picked_up <> 0
    UNION ALL
    SELECT '00000000-0000-0000-0000-000000000000'::uuid, place_id, day, sum(picked_up)::bigint,
      sum(picked_up_days)::bigint, sum(picked_up_revenue)::bigint, sum(picked_up_tax)::bigint
    FROM day_figures
    WHERE place_id = ANY (places) AND day >= since AND picked_up <> 0
    GROUP BY place_id, day
    UNION ALL
    SELECT '00000000-0000-0000-0000-000000000000'::uuid, '00000000-0000-0000-0000-000000000000'::uuid, day,
      sum(picked_up)::bigint, sum(picked_up_days)::bigint, sum(picked_up_revenue)::bigint, sum(picked_up_tax)::bigint
    FROM day_figures
    WHERE place_id IS NULL AND day >= since AND picked_up <> 0
    GROUP BY day
  ) AS counted(supplier_id, place_id, day, picked_up, picked_up_days, picked_up_revenue, picked_up_tax)
  LEFT JOIN LATERAL (
    SELECT kept.picked_up, kept.picked_up_days, kept.picked_up_revenue, kept.picked_up_tax
    FROM place_pickup_sums kept
    WHERE kept.supplier_id = counted.supplier_id AND kept.place_id = counted.place_id AND kept.day < since
    ORDER BY kept.day DESC
    LIMIT 1
  ) AS base ON true
  WINDOW running AS (PARTITION BY counted.supplier_id, counted.place_id ORDER BY counted.day);
$$;--> statement-breakpoint
-- Every level written afresh from day_figures (this migration's start; the benchmark data after its one recount).
CREATE FUNCTION place_pickup_sums_recount_all() RETURNS void LANGUAGE sql AS $$
  TRUNCATE place_pickup_sums, supplier_pickup_places;
  INSERT INTO supplier_pickup_places (supplier_id, place_id)
  SELECT DISTINCT supplier_id, place_id FROM day_figures WHERE place_id IS NOT NULL AND picked_up <> 0;
  INSERT INTO place_pickup_sums (supplier_id, place_id, day, picked_up, picked_up_days, picked_up_revenue, picked_up_tax)
  SELECT supplier_id, place_id, day,
    sum(picked_up) OVER running, sum(picked_up_days) OVER running,
    sum(picked_up_revenue) OVER running, sum(picked_up_tax) OVER running
  FROM (
    SELECT supplier_id, coalesce(place_id, '00000000-0000-0000-0000-000000000000'), day, picked_up::bigint,
      picked_up_days::bigint, picked_up_revenue, picked_up_tax
    FROM day_figures WHERE picked_up <> 0
    UNION ALL
    SELECT '00000000-0000-0000-0000-000000000000'::uuid, coalesce(place_id, '00000000-0000-0000-0000-000000000000'),
      day, sum(picked_up)::bigint, sum(picked_up_days)::bigint, sum(picked_up_revenue)::bigint,
      sum(picked_up_tax)::bigint
    FROM day_figures WHERE picked_up <> 0
    GROUP BY place_id, day
  ) AS counted(supplier_id, place_id, day, picked_up, picked_up_days, picked_up_revenue, picked_up_tax)
  WINDOW running AS (PARTITION BY supplier_id, place_id ORDER BY day);
$$;--> statement-breakpoint
SELECT place_pickup_sums_recount_all();
