CREATE TABLE "operator_mail_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "operator_mail_choices_kinds_check" CHECK ("operator_mail_choices"."kinds" <@ array['newBooking', 'changeByDriver', 'cancellation', 'reviewWaiting']::text[])
);
--> statement-breakpoint
ALTER TABLE "operator_mail_choices" ADD CONSTRAINT "operator_mail_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;