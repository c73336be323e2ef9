-- The workouts table held month counts only the demo seed wrote; workouts are now counted from check-ins
-- (a database seeded before this migration keeps no workouts: delete DATA_DIR to seed again).
CREATE TABLE "check_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"check_in_id" text NOT NULL,
	"member_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"key_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "workouts" CASCADE;--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "staffed_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_location_check_in_uq" ON "check_ins" USING btree ("location_id","check_in_id");--> statement-breakpoint
CREATE INDEX "check_ins_member_at_idx" ON "check_ins" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "keys_code_idx" ON "keys" USING btree ("code");