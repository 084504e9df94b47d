-- A booking keeps the late-flight grace period it was made under (decision 031, amended): a supplier's later change
-- applies to new bookings only. Bookings with a flight number take the grace they were shown until now (the
-- supplier's current one); the others read it from the supplier, as before, until their next change.
ALTER TABLE "bookings" ADD COLUMN "flight_grace_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_grace_check" CHECK ("bookings"."flight_grace_minutes" is null or "bookings"."flight_grace_minutes" between 0 and 720);--> statement-breakpoint
UPDATE "bookings" SET "flight_grace_minutes" = "supplier_settings"."flight_grace_minutes" FROM "supplier_settings" WHERE "supplier_settings"."supplier_id" = "bookings"."supplier_id" AND "bookings"."flight_number" IS NOT NULL;
