ALTER TABLE "locations" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "desk_kind" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_desk_kind_check" CHECK ("locations"."desk_kind" is null or desk_kind in ('inTerminal', 'shuttle', 'cityOffice', 'station'));