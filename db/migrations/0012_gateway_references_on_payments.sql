-- A booking charged before the payments record (migration 0006) has no payments row: its gateway ids move to one,
-- so it can still be refunded through its gateway (PayPal's capture id was kept in payment_intent_id).
INSERT INTO "payments" ("booking_id", "gateway", "attempt_id", "references", "amount", "currency", "status", "captured_amount")
SELECT b."id", b."payment_gateway", coalesce(b."checkout_session_id", 'legacy_' || b."id"::text),
  jsonb_strip_nulls(jsonb_build_object(
    'sessionId', b."checkout_session_id",
    'orderId', b."paypal_order_id",
    CASE WHEN b."payment_gateway" = 'payPal' THEN 'captureId' ELSE 'paymentIntentId' END, b."payment_intent_id",
    'customerId', b."customer_id")),
  b."charged_amount", b."display_currency", 'captured', b."charged_amount"
FROM "bookings" b
WHERE b."charged_amount" IS NOT NULL AND b."payment_gateway" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p."booking_id" = b."id")
ON CONFLICT ("attempt_id") DO NOTHING;--> statement-breakpoint
DROP INDEX "bookings_paypal_order_idx";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "payment_intent_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "customer_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "paypal_order_id";