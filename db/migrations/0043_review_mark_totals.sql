CREATE TABLE "review_mark_totals" (
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"reviews" integer NOT NULL,
	"marks" bigint NOT NULL,
	CONSTRAINT "review_mark_totals_supplier_id_location_id_pk" PRIMARY KEY("supplier_id","location_id")
);
--> statement-breakpoint
DROP INDEX "reviews_supplier_published_idx";--> statement-breakpoint
-- A review counts while it is published (schema.ts, `reviewMarkTotals`): taken off as it was, added as it is, in the
-- transaction that changed it. Reviews change one at a time (a driver writes one, an admin moderates one), so a row
-- trigger; an update that touches none of the counted columns fires nothing.
CREATE FUNCTION review_mark_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'published' THEN
      UPDATE review_mark_totals
        SET reviews = reviews - 1,
          marks = marks - (OLD.staff_mark + OLD.condition_mark + OLD.value_mark + OLD.queue_mark)
        WHERE supplier_id = OLD.supplier_id AND location_id = OLD.location_id;
      DELETE FROM review_mark_totals
        WHERE supplier_id = OLD.supplier_id AND location_id = OLD.location_id AND reviews <= 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'published' THEN
      INSERT INTO review_mark_totals AS t (supplier_id, location_id, reviews, marks)
        VALUES (NEW.supplier_id, NEW.location_id, 1,
          NEW.staff_mark + NEW.condition_mark + NEW.value_mark + NEW.queue_mark)
        ON CONFLICT (supplier_id, location_id) DO UPDATE SET reviews = t.reviews + 1, marks = t.marks + excluded.marks;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER review_mark_totals_written AFTER INSERT OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_mark_totals_changed();--> statement-breakpoint
CREATE TRIGGER review_mark_totals_updated
  AFTER UPDATE OF status, staff_mark, condition_mark, value_mark, queue_mark, supplier_id, location_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_mark_totals_changed();--> statement-breakpoint
-- Every published review counted again, into a new file (the reviews published before this migration; the benchmark
-- data after generating 200,000 at once, whose one-by-one additions leave the table's pages mostly dead rows).
CREATE FUNCTION review_mark_totals_recount() RETURNS void LANGUAGE sql AS $$
  TRUNCATE review_mark_totals;
  INSERT INTO review_mark_totals (supplier_id, location_id, reviews, marks)
    SELECT supplier_id, location_id, count(*), sum(staff_mark + condition_mark + value_mark + queue_mark)
    FROM reviews WHERE status = 'published' GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT review_mark_totals_recount();
