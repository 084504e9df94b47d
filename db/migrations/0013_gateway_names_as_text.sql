ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_gateway_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_gateway_check";