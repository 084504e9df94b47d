CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"browser" text,
	CONSTRAINT "sign_ins_method_check" CHECK (method in ('password', 'code', 'recovery', 'social', 'signUp', 'activation', 'reset', 'passwordChange')),
	CONSTRAINT "sign_ins_outcome_check" CHECK (outcome in ('signedIn', 'wrongPassword', 'wrongCode', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_user_at_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_at_idx" ON "sign_ins" USING btree ("at");