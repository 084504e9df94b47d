DROP INDEX "bookings_car_idx";--> statement-breakpoint
-- Availability checks probe each candidate car's bookings; covering the columns they test keeps them index-only.
CREATE INDEX IF NOT EXISTS "bookings_car_period_idx" ON "bookings" ("car_id", "starts_at") INCLUDE ("ends_at", "status", "expires_at");
