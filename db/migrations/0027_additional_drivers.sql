-- More than one additional driver per booking (decision 038): each keyed by its booking and position.
ALTER TABLE "additional_drivers" ADD COLUMN "position" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_drivers" DROP CONSTRAINT "additional_drivers_pkey";--> statement-breakpoint
ALTER TABLE "additional_drivers" ADD CONSTRAINT "additional_drivers_booking_id_position_pk" PRIMARY KEY("booking_id","position");--> statement-breakpoint
ALTER TABLE "additional_drivers" ADD CONSTRAINT "additional_drivers_position_check" CHECK ("additional_drivers"."position" between 1 and 3);
