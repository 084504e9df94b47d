-- A block and a booking that hold a car never overlap (decision 027), whichever app instance writes them: every
-- holding booking and every availability block has one row in car_occupancy, written by the triggers below, and the
-- exclusion constraint refuses two rows of one car that overlap (SQLSTATE 23P01, as bookings_no_overlap does).
ALTER TABLE "car_occupancy" ADD CONSTRAINT "car_occupancy_no_overlap"
  EXCLUDE USING gist ("car_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
--> statement-breakpoint
CREATE FUNCTION "booking_occupancy"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holds boolean := NEW.status IN ('void', 'pending', 'deposit', 'paid', 'reserved');
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.car_id = OLD.car_id AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at
      AND holds = (OLD.status IN ('void', 'pending', 'deposit', 'paid', 'reserved')) THEN
      RETURN NULL;
    END IF;
    DELETE FROM "car_occupancy" WHERE "booking_id" = NEW.id;
  END IF;
  IF holds THEN
    INSERT INTO "car_occupancy" ("car_id", "starts_at", "ends_at", "booking_id")
      VALUES (NEW.car_id, NEW.starts_at, NEW.ends_at, NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_occupancy" AFTER INSERT OR UPDATE OF "status", "car_id", "starts_at", "ends_at" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_occupancy"();
--> statement-breakpoint
CREATE FUNCTION "block_occupancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "car_occupancy" WHERE "block_id" = NEW.id;
  END IF;
  INSERT INTO "car_occupancy" ("car_id", "starts_at", "ends_at", "block_id")
    VALUES (NEW.car_id, NEW.starts_at, NEW.ends_at, NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "car_blocks_occupancy" AFTER INSERT OR UPDATE OF "car_id", "starts_at", "ends_at" ON "car_blocks"
  FOR EACH ROW EXECUTE FUNCTION "block_occupancy"();
--> statement-breakpoint
INSERT INTO "car_occupancy" ("car_id", "starts_at", "ends_at", "booking_id")
  SELECT "car_id", "starts_at", "ends_at", "id" FROM "bookings"
  WHERE "status" IN ('void', 'pending', 'deposit', 'paid', 'reserved');
