CREATE TABLE "supplier_equipment" (
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"charge" text NOT NULL,
	"price" integer NOT NULL,
	"cap" integer,
	CONSTRAINT "supplier_equipment_supplier_id_kind_pk" PRIMARY KEY("supplier_id","kind"),
	CONSTRAINT "supplier_equipment_kind_check" CHECK (kind in ('infantSeat', 'childSeat', 'boosterSeat', 'gps', 'winterTyres', 'crossBorder')),
	CONSTRAINT "supplier_equipment_charge_check" CHECK (charge in ('perDay', 'perRental')),
	CONSTRAINT "supplier_equipment_price_check" CHECK ("supplier_equipment"."price" between 0 and 1000000),
	CONSTRAINT "supplier_equipment_cap_check" CHECK ("supplier_equipment"."cap" is null or ("supplier_equipment"."charge" = 'perDay' and "supplier_equipment"."cap" between "supplier_equipment"."price" and 1000000))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "equipment" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_equipment" ADD CONSTRAINT "supplier_equipment_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;