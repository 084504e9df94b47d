ALTER TABLE "bookings" ADD COLUMN "one_way_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "young_driver_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_added" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "tax_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "one_way_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "young_driver_age" smallint;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "young_driver_daily_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_tax_rate_check" CHECK ("supplier_settings"."tax_rate_basis_points" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_fees_check" CHECK ("supplier_settings"."one_way_fee" >= 0 and "supplier_settings"."young_driver_daily_fee" >= 0);--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_young_driver_age_check" CHECK ("supplier_settings"."young_driver_age" is null or "supplier_settings"."young_driver_age" between 19 and 35);