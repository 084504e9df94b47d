CREATE TABLE "supplier_places" (
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"cars" integer NOT NULL,
	CONSTRAINT "supplier_places_supplier_id_location_id_pk" PRIMARY KEY("supplier_id","location_id")
);
--> statement-breakpoint
-- Places gained and lost are counted per statement (a fleet file adds thousands of rows in a few statements), in the
-- transaction that changed them, in (supplier, place) order so two writers take the rows' locks in one order.
CREATE FUNCTION supplier_places_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO supplier_places AS t (supplier_id, location_id, cars)
    SELECT c.supplier_id, a.location_id, count(*) FROM added a JOIN cars c ON c.id = a.car_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (supplier_id, location_id) DO UPDATE SET cars = t.cars + excluded.cars;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A car deleted takes its places off itself (`supplier_places_car_deleted`, before its rows cascade): here, a row
-- whose car is no longer visible is that car's, and is skipped.
CREATE FUNCTION supplier_places_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE supplier_places t SET cars = t.cars - g.n
    FROM (SELECT c.supplier_id, r.location_id, count(*) AS n FROM removed r JOIN cars c ON c.id = r.car_id
      GROUP BY 1, 2 ORDER BY 1, 2) g
    WHERE t.supplier_id = g.supplier_id AND t.location_id = g.location_id;
  DELETE FROM supplier_places t
    USING (SELECT DISTINCT c.supplier_id, r.location_id FROM removed r JOIN cars c ON c.id = r.car_id) g
    WHERE t.supplier_id = g.supplier_id AND t.location_id = g.location_id AND t.cars <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER supplier_places_added AFTER INSERT ON car_locations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION supplier_places_added();--> statement-breakpoint
CREATE TRIGGER supplier_places_removed AFTER DELETE ON car_locations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION supplier_places_removed();--> statement-breakpoint
-- A car's places counted off (or moved, when the car changes supplier) while its rows are still there to read.
CREATE FUNCTION supplier_places_car_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE supplier_places t SET cars = t.cars - 1
    FROM car_locations cl WHERE cl.car_id = OLD.id AND t.supplier_id = OLD.supplier_id AND t.location_id = cl.location_id;
  DELETE FROM supplier_places t
    USING car_locations cl WHERE cl.car_id = OLD.id AND t.supplier_id = OLD.supplier_id AND t.location_id = cl.location_id
      AND t.cars <= 0;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO supplier_places AS t (supplier_id, location_id, cars)
      SELECT NEW.supplier_id, cl.location_id, 1 FROM car_locations cl WHERE cl.car_id = NEW.id ORDER BY 2
      ON CONFLICT (supplier_id, location_id) DO UPDATE SET cars = t.cars + 1;
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER supplier_places_car_deleted BEFORE DELETE ON cars
  FOR EACH ROW EXECUTE FUNCTION supplier_places_car_changed();--> statement-breakpoint
CREATE TRIGGER supplier_places_car_moved AFTER UPDATE OF supplier_id ON cars
  FOR EACH ROW WHEN (OLD.supplier_id IS DISTINCT FROM NEW.supplier_id) EXECUTE FUNCTION supplier_places_car_changed();--> statement-breakpoint
-- Every car's places counted again into a fresh table: this migration's backfill, and the benchmark data's last step.
CREATE FUNCTION supplier_places_recount() RETURNS void LANGUAGE sql AS $$
  TRUNCATE supplier_places;
  INSERT INTO supplier_places (supplier_id, location_id, cars)
    SELECT c.supplier_id, cl.location_id, count(*) FROM car_locations cl JOIN cars c ON c.id = cl.car_id GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT supplier_places_recount();
