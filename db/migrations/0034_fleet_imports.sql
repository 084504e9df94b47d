CREATE TABLE "fleet_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"actor" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"row_count" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "fleet_imports_status_check" CHECK (status in ('queued', 'running', 'done', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "fleet_imports" ADD CONSTRAINT "fleet_imports_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_imports_open_idx" ON "fleet_imports" USING btree ("created_at") WHERE "fleet_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "fleet_imports_supplier_idx" ON "fleet_imports" USING btree ("supplier_id","created_at" DESC NULLS LAST);