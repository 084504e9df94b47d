ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_mode_check";--> statement-breakpoint
-- Three payment options (decision 010): the rental paid online without the deposit is paid in full.
UPDATE "bookings" SET "payment_mode" = 'full' WHERE "payment_mode" = 'fullWithoutDeposit';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extras_breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charged_amount" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "driver_license" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_booking_idx" ON "notifications" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_gateway_check" CHECK ("bookings"."payment_gateway" is null or payment_gateway in ('stripe', 'payPal', 'sandbox'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_mode_check" CHECK (payment_mode in ('payLater', 'deposit', 'full'));