CREATE TABLE "reviews" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"supplier_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"staff_mark" smallint NOT NULL,
	"condition_mark" smallint NOT NULL,
	"value_mark" smallint NOT NULL,
	"queue_mark" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_status_check" CHECK (status in ('pending', 'published', 'rejected')),
	CONSTRAINT "reviews_language_check" CHECK (language in ('en', 'fr', 'es')),
	CONSTRAINT "reviews_marks_check" CHECK (least("reviews"."staff_mark", "reviews"."condition_mark", "reviews"."value_mark", "reviews"."queue_mark") >= 1 and greatest("reviews"."staff_mark", "reviews"."condition_mark", "reviews"."value_mark", "reviews"."queue_mark") <= 10),
	CONSTRAINT "reviews_text_check" CHECK (length("reviews"."text") <= 2000 and length("reviews"."author_name") <= 60)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_record_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("location_id","supplier_id") INCLUDE ("staff_mark","condition_mark","value_mark","queue_mark") WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_record_check" CHECK (record in ('car', 'supplier', 'location', 'country', 'driver', 'booking', 'review'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action in ('create', 'update', 'delete', 'retire', 'reinstate', 'block', 'unblock', 'setStatus', 'cancel', 'publish', 'reject'));