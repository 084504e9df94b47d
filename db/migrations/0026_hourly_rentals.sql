ALTER TABLE "cars" DROP CONSTRAINT "cars_prices_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hours" smallint;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "hourly_price" integer;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "hourly_minimum_hours" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_prices_check" CHECK (coalesce("cars"."discounted_daily_price", 1) > 0 and coalesce("cars"."bi_weekly_price", 1) > 0
        and coalesce("cars"."discounted_bi_weekly_price", 1) > 0 and coalesce("cars"."weekly_price", 1) > 0
        and coalesce("cars"."discounted_weekly_price", 1) > 0 and coalesce("cars"."monthly_price", 1) > 0
        and coalesce("cars"."discounted_monthly_price", 1) > 0 and coalesce("cars"."hourly_price", 1) > 0);--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_hourly_minimum_check" CHECK ("supplier_settings"."hourly_minimum_hours" between 1 and 12);