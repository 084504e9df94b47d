CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"mileage" integer NOT NULL,
	"fuel_eighths" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_kind_check" CHECK (kind in ('handover', 'return')),
	CONSTRAINT "booking_events_mileage_check" CHECK ("booking_events"."mileage" between 0 and 5000000),
	CONSTRAINT "booking_events_fuel_check" CHECK ("booking_events"."fuel_eighths" between 0 and 8),
	CONSTRAINT "booking_events_note_check" CHECK (length("booking_events"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_record_check";--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_events_booking_kind_idx" ON "booking_events" USING btree ("booking_id","kind");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_record_check" CHECK (record in ('car', 'supplier', 'location', 'country', 'driver', 'booking'));--> statement-breakpoint
-- The desk's day (decision 028) and a place's hours check (decision 027) read a place's pick-ups and returns by time.
CREATE INDEX "bookings_pickup_place_time_idx" ON "bookings" ("pickup_location_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "bookings_dropoff_place_time_idx" ON "bookings" ("dropoff_location_id", "ends_at");
