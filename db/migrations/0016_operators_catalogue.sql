CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"record" text NOT NULL,
	"record_id" uuid NOT NULL,
	"supplier_id" uuid,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_record_check" CHECK (record in ('car', 'supplier', 'location', 'country', 'driver')),
	CONSTRAINT "audit_log_action_check" CHECK (action in ('create', 'update', 'delete', 'retire', 'reinstate', 'block', 'unblock'))
);
--> statement-breakpoint
CREATE TABLE "car_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_blocks_period_check" CHECK ("car_blocks"."ends_at" > "car_blocks"."starts_at"),
	CONSTRAINT "car_blocks_reason_check" CHECK (reason in ('repair', 'damage', 'privateUse', 'other')),
	CONSTRAINT "car_blocks_note_check" CHECK (length("car_blocks"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "car_occupancy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booking_id" uuid,
	"block_id" uuid,
	CONSTRAINT "car_occupancy_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "car_occupancy_block_id_unique" UNIQUE("block_id"),
	CONSTRAINT "car_occupancy_one_source_check" CHECK (num_nonnulls("car_occupancy"."booking_id", "car_occupancy"."block_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_blocks" ADD CONSTRAINT "car_blocks_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_blocks" ADD CONSTRAINT "car_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_occupancy" ADD CONSTRAINT "car_occupancy_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_occupancy" ADD CONSTRAINT "car_occupancy_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_occupancy" ADD CONSTRAINT "car_occupancy_block_id_car_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."car_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record","record_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_supplier_idx" ON "audit_log" USING btree ("supplier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "car_blocks_car_period_idx" ON "car_blocks" USING btree ("car_id","starts_at");