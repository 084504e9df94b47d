ALTER TABLE "bookings" ADD COLUMN "damage_excess" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "theft_excess" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "damage_excess" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "theft_excess" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_excess_check" CHECK ("bookings"."damage_excess" >= 0 and "bookings"."theft_excess" >= 0);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_excess_check" CHECK ("cars"."damage_excess" >= 0 and "cars"."theft_excess" >= 0);--> statement-breakpoint
-- Until its operator states them, a car's excesses are its deposit: what the desk already holds against damage.
UPDATE "cars" SET "damage_excess" = "deposit", "theft_excess" = "deposit";
