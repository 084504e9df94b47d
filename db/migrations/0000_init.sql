CREATE TABLE "additional_drivers" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"birth_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"pickup_location_id" uuid NOT NULL,
	"dropoff_location_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payment_mode" text NOT NULL,
	"cancellation" boolean DEFAULT false NOT NULL,
	"amendments" boolean DEFAULT false NOT NULL,
	"theft_protection" boolean DEFAULT false NOT NULL,
	"collision_damage_waiver" boolean DEFAULT false NOT NULL,
	"full_insurance" boolean DEFAULT false NOT NULL,
	"additional_driver" boolean DEFAULT false NOT NULL,
	"days" integer NOT NULL,
	"base_price" integer NOT NULL,
	"extras_price" integer NOT NULL,
	"markup" integer NOT NULL,
	"total_price" integer NOT NULL,
	"deposit" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"display_currency" char(3) DEFAULT 'USD' NOT NULL,
	"display_rate" double precision DEFAULT 1 NOT NULL,
	"payment_gateway" text,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"customer_id" text,
	"paypal_order_id" text,
	"cancel_request" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK (status in ('void', 'pending', 'deposit', 'paid', 'reserved', 'cancelled')),
	CONSTRAINT "bookings_payment_mode_check" CHECK (payment_mode in ('payLater', 'deposit', 'fullWithoutDeposit', 'full')),
	CONSTRAINT "bookings_period_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."total_price" >= 0 and "bookings"."amount_due" >= 0 and "bookings"."days" >= 1),
	CONSTRAINT "bookings_void_expiry_check" CHECK ("bookings"."status" <> 'void' or "bookings"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "car_locations" (
	"car_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "car_locations_location_id_car_id_pk" PRIMARY KEY("location_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"license_plate" text NOT NULL,
	"minimum_age" smallint DEFAULT 21 NOT NULL,
	"daily_price" integer NOT NULL,
	"discounted_daily_price" integer,
	"bi_weekly_price" integer,
	"discounted_bi_weekly_price" integer,
	"weekly_price" integer,
	"discounted_weekly_price" integer,
	"monthly_price" integer,
	"discounted_monthly_price" integer,
	"is_date_based_price" boolean DEFAULT false NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"fully_booked" boolean DEFAULT false NOT NULL,
	"coming_soon" boolean DEFAULT false NOT NULL,
	"range" text NOT NULL,
	"fuel_type" text NOT NULL,
	"gearbox" text NOT NULL,
	"aircon" boolean DEFAULT true NOT NULL,
	"seats" smallint NOT NULL,
	"doors" smallint NOT NULL,
	"fuel_policy" text NOT NULL,
	"mileage" integer DEFAULT -1 NOT NULL,
	"cancellation" integer DEFAULT -1 NOT NULL,
	"amendments" integer DEFAULT -1 NOT NULL,
	"theft_protection" integer DEFAULT -1 NOT NULL,
	"collision_damage_waiver" integer DEFAULT -1 NOT NULL,
	"full_insurance" integer DEFAULT -1 NOT NULL,
	"additional_driver" integer DEFAULT -1 NOT NULL,
	"multimedia" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" real,
	"trips" integer DEFAULT 0 NOT NULL,
	"co2" integer,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_range_check" CHECK (range in ('mini', 'midi', 'maxi', 'scooter', 'bus', 'truck', 'caravan')),
	CONSTRAINT "cars_fuel_type_check" CHECK (fuel_type in ('diesel', 'gasoline', 'electric', 'hybrid', 'plugInHybrid', 'unknown')),
	CONSTRAINT "cars_gearbox_check" CHECK (gearbox in ('manual', 'automatic')),
	CONSTRAINT "cars_fuel_policy_check" CHECK (fuel_policy in ('freeTank', 'likeForLike', 'fullToFull', 'fullToEmpty')),
	CONSTRAINT "cars_minimum_age_check" CHECK ("cars"."minimum_age" between 21 and 99),
	CONSTRAINT "cars_daily_price_check" CHECK ("cars"."daily_price" > 0),
	CONSTRAINT "cars_prices_check" CHECK (coalesce("cars"."discounted_daily_price", 1) > 0 and coalesce("cars"."bi_weekly_price", 1) > 0
        and coalesce("cars"."discounted_bi_weekly_price", 1) > 0 and coalesce("cars"."weekly_price", 1) > 0
        and coalesce("cars"."discounted_weekly_price", 1) > 0 and coalesce("cars"."monthly_price", 1) > 0
        and coalesce("cars"."discounted_monthly_price", 1) > 0),
	CONSTRAINT "cars_deposit_check" CHECK ("cars"."deposit" >= 0),
	CONSTRAINT "cars_seats_check" CHECK ("cars"."seats" between 1 and 99),
	CONSTRAINT "cars_doors_check" CHECK ("cars"."doors" between 0 and 9),
	CONSTRAINT "cars_mileage_check" CHECK ("cars"."mileage" = -1 or "cars"."mileage" > 0),
	CONSTRAINT "cars_extras_check" CHECK (least("cars"."cancellation", "cars"."amendments", "cars"."theft_protection", "cars"."collision_damage_waiver", "cars"."full_insurance", "cars"."additional_driver") >= -1),
	CONSTRAINT "cars_rating_check" CHECK ("cars"."rating" is null or "cars"."rating" between 1 and 5),
	CONSTRAINT "cars_multimedia_check" CHECK ("cars"."multimedia" <@ array['touchscreen','bluetooth','androidAuto','appleCarPlay']::text[])
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" char(2) NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "date_based_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"daily_price" integer NOT NULL,
	CONSTRAINT "date_based_prices_order_check" CHECK ("date_based_prices"."end_date" >= "date_based_prices"."start_date"),
	CONSTRAINT "date_based_prices_price_check" CHECK ("date_based_prices"."daily_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"country_id" uuid NOT NULL,
	"parent_id" uuid,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"image" text,
	CONSTRAINT "locations_slug_unique" UNIQUE("slug"),
	CONSTRAINT "locations_latitude_check" CHECK ("locations"."latitude" between -90 and 90),
	CONSTRAINT "locations_longitude_check" CHECK ("locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"language" char(2) DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" uuid,
	"message_key" text NOT NULL,
	"message_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_pickup_hours" smallint DEFAULT 1 NOT NULL,
	"min_rental_hours" smallint DEFAULT 1 NOT NULL,
	"earliest_hour" smallint DEFAULT 0 NOT NULL,
	"latest_hour" smallint DEFAULT 23 NOT NULL,
	CONSTRAINT "settings_single_row_check" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_hours_check" CHECK ("settings"."min_pickup_hours" >= 0 and "settings"."min_rental_hours" >= 1),
	CONSTRAINT "settings_opening_check" CHECK ("settings"."earliest_hour" between 0 and 23 and "settings"."latest_hour" between 0 and 23 and "settings"."earliest_hour" <= "settings"."latest_hour")
);
--> statement-breakpoint
CREATE TABLE "supplier_settings" (
	"supplier_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"pay_later" boolean DEFAULT true NOT NULL,
	"license_required" boolean DEFAULT false NOT NULL,
	"markup_basis_points" integer DEFAULT 0 NOT NULL,
	"minimum_rental_days" smallint DEFAULT 1 NOT NULL,
	"max_cars_per_search" integer,
	"contracts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "supplier_settings_slug_unique" UNIQUE("slug"),
	CONSTRAINT "supplier_markup_check" CHECK ("supplier_settings"."markup_basis_points" between -9999 and 100000),
	CONSTRAINT "supplier_min_days_check" CHECK ("supplier_settings"."minimum_rental_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "tokens_purpose_check" CHECK (purpose in ('emailValidation', 'activation', 'passwordReset'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"location" text,
	"bio" text,
	"birth_date" date,
	"language" char(2) DEFAULT 'en' NOT NULL,
	"currency" char(3),
	"enable_email_notifications" boolean DEFAULT true NOT NULL,
	"avatar" text,
	"driver_license" text,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('admin', 'supplier', 'user')),
	CONSTRAINT "users_language_check" CHECK (language in ('en', 'fr', 'es')),
	CONSTRAINT "users_currency_check" CHECK ("users"."currency" is null or currency in ('USD', 'EUR', 'GBP', 'AUD'))
);
--> statement-breakpoint
ALTER TABLE "additional_drivers" ADD CONSTRAINT "additional_drivers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_location_id_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dropoff_location_id_locations_id_fk" FOREIGN KEY ("dropoff_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_locations" ADD CONSTRAINT "car_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_based_prices" ADD CONSTRAINT "date_based_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spots" ADD CONSTRAINT "parking_spots_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD CONSTRAINT "supplier_settings_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_driver_idx" ON "bookings" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_supplier_idx" ON "bookings" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_car_idx" ON "bookings" USING btree ("car_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_void_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."status" = 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_checkout_session_idx" ON "bookings" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_paypal_order_idx" ON "bookings" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE INDEX "car_locations_car_idx" ON "car_locations" USING btree ("car_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cars_supplier_plate_idx" ON "cars" USING btree ("supplier_id","license_plate");--> statement-breakpoint
CREATE INDEX "cars_supplier_idx" ON "cars" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "cars_offerable_price_idx" ON "cars" USING btree ("daily_price","id") WHERE "cars"."available" and not "cars"."fully_booked" and not "cars"."coming_soon";--> statement-breakpoint
CREATE INDEX "cars_range_price_idx" ON "cars" USING btree ("range","daily_price");--> statement-breakpoint
CREATE INDEX "cars_multimedia_idx" ON "cars" USING gin ("multimedia");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "date_based_prices_car_idx" ON "date_based_prices" USING btree ("car_id","start_date");--> statement-breakpoint
CREATE INDEX "locations_country_idx" ON "locations" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "parking_spots_location_idx" ON "parking_spots" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expiry_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");