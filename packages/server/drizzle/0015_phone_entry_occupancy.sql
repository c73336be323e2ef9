CREATE TABLE "entry_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"membership_id" text NOT NULL,
	"member_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"last_period" integer,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "visit_minutes" integer;--> statement-breakpoint
ALTER TABLE "entry_devices" ADD CONSTRAINT "entry_devices_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_devices" ADD CONSTRAINT "entry_devices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_devices" ADD CONSTRAINT "entry_devices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_devices_member_idx" ON "entry_devices" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "entry_devices_membership_idx" ON "entry_devices" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "entry_devices_key_idx" ON "entry_devices" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "check_ins_location_at_idx" ON "check_ins" USING btree ("location_id","at");