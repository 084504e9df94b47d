-- A booking's rental state beside its status (decision 040), and the money the counter takes. Existing bookings take
-- the state their desk events put them in; the partial index holds only the cars out with a driver.
CREATE TABLE "counter_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"method" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_payments_amount_check" CHECK ("counter_payments"."amount" > 0),
	CONSTRAINT "counter_payments_method_check" CHECK (method in ('cash', 'card', 'other')),
	CONSTRAINT "counter_payments_note_check" CHECK (length("counter_payments"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rental_state" text DEFAULT 'notOut' NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "rental_state" = CASE WHEN EXISTS (SELECT 1 FROM "booking_events" e WHERE e."booking_id" = "bookings"."id" AND e."kind" = 'return') THEN 'returned' ELSE 'out' END WHERE EXISTS (SELECT 1 FROM "booking_events" e WHERE e."booking_id" = "bookings"."id");--> statement-breakpoint
ALTER TABLE "counter_payments" ADD CONSTRAINT "counter_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_payments" ADD CONSTRAINT "counter_payments_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_payments_booking_idx" ON "counter_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_out_idx" ON "bookings" USING btree ("car_id","ends_at") WHERE "bookings"."rental_state" = 'out';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rental_state_check" CHECK (rental_state in ('notOut', 'out', 'returned'));