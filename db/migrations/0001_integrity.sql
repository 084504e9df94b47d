-- Integrity rules drizzle-kit cannot express. See docs/decisions/002-overbooking-guarantee.md.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Two bookings that hold a car never overlap in time, whichever app instance writes them.
-- Half-open periods: a car returned at 10:00 can be picked up again at 10:00.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("car_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('void', 'pending', 'deposit', 'paid', 'reserved'));
--> statement-breakpoint
-- E-mail addresses are unique whatever their case.
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" (lower("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_lower_idx" ON "newsletter_subscriptions" (lower("email"));
--> statement-breakpoint
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
