ALTER TABLE "tokens" DROP CONSTRAINT "tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_booking_check" CHECK (("tokens"."purpose" = 'bookingAccess') = ("tokens"."booking_id" is not null));--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_purpose_check" CHECK (purpose in ('emailValidation', 'activation', 'passwordReset', 'bookingAccess'));