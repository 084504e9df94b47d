DROP INDEX "bookings_paypal_order_idx";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "payment_intent_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "customer_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "paypal_order_id";