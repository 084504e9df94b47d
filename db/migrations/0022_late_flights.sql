ALTER TABLE "bookings" ADD COLUMN "flight_number" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "airport" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "flight_grace_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "after_hours_for_flights" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_number_check" CHECK ("bookings"."flight_number" is null or length("bookings"."flight_number") <= 10);--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_flight_grace_check" CHECK ("supplier_settings"."flight_grace_minutes" between 0 and 720);--> statement-breakpoint
-- Places named as airports are airports until their operator says otherwise.
UPDATE "locations" SET "airport" = true WHERE "slug" LIKE '%airport%';
