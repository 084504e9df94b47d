-- Suppliers' teams (decision 044): staff accounts of role 'staff', each working for one supplier in one role; the
-- audit trail keeps the role a member acted in.
CREATE TABLE "supplier_staff" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"supplier_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_staff_role_check" CHECK (role in ('owner', 'manager', 'desk'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_record_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_staff_role" text;--> statement-breakpoint
ALTER TABLE "supplier_staff" ADD CONSTRAINT "supplier_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_staff" ADD CONSTRAINT "supplier_staff_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_staff_supplier_idx" ON "supplier_staff" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_record_check" CHECK (record in ('car', 'supplier', 'location', 'country', 'driver', 'booking', 'review', 'platform', 'staff'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('admin', 'supplier', 'user', 'staff'));