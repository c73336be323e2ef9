CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"language" text NOT NULL,
	"position" integer NOT NULL,
	"image_url" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"valid_from" date,
	"valid_until" date
);
--> statement-breakpoint
CREATE TABLE "highlights" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"language" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"statuses" jsonb,
	"external_url" text,
	"internal_url" text,
	"valid_from" date,
	"valid_until" date
);
--> statement-breakpoint
CREATE TABLE "pt_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"trainer_id" text NOT NULL,
	"location_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pt_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"sessions" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pt_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"package_id" text NOT NULL,
	"sessions" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"invoice_id" text,
	"request_id" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pt_trainers" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"name" text NOT NULL,
	"focus" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_trainer_id_pt_trainers_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."pt_trainers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_bookings" ADD CONSTRAINT "pt_bookings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_purchases" ADD CONSTRAINT "pt_purchases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_purchases" ADD CONSTRAINT "pt_purchases_package_id_pt_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."pt_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_purchases" ADD CONSTRAINT "pt_purchases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_trainers" ADD CONSTRAINT "pt_trainers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_operator_language_idx" ON "articles" USING btree ("operator_id","language","position");--> statement-breakpoint
CREATE INDEX "highlights_operator_language_idx" ON "highlights" USING btree ("operator_id","language","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_trainer_slot_uq" ON "pt_bookings" USING btree ("trainer_id","starts_at") WHERE cancelled_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pt_bookings_member_slot_uq" ON "pt_bookings" USING btree ("member_id","starts_at") WHERE cancelled_at IS NULL;--> statement-breakpoint
CREATE INDEX "pt_bookings_member_idx" ON "pt_bookings" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE INDEX "pt_packages_operator_idx" ON "pt_packages" USING btree ("operator_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_purchases_member_request_uq" ON "pt_purchases" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE INDEX "pt_purchases_member_idx" ON "pt_purchases" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pt_trainers_location_idx" ON "pt_trainers" USING btree ("location_id");