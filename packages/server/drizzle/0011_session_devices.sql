-- Signed-in devices (docs/club-consents-account.md): when a session was last used and a short
-- label of the browser it was started in. Existing sessions were last seen when they began.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "last_seen_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
-- The read model (ADR 029) does not read last_seen_at: writing it must not end the member's
-- cached reads, so the sessions trigger fires only for the columns the read model depends on.
DROP TRIGGER "read_model_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR DELETE OR UPDATE OF "token_hash", "member_id", "expires_at", "revoked_at" ON "sessions" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
