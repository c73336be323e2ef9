-- The membership read model is kept per session in each instance (ADR 029). Every change to a
-- table it reads, by any process (the portal, an import, a support tool, psql), tells the
-- instances on channel 'read_model' after it commits: the member's id, or '*' for rows many
-- members share (clubs, products, promotions). PostgreSQL sends one notification per
-- distinct payload and transaction.
CREATE FUNCTION "read_model_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  member text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- TRUNCATE
    PERFORM pg_notify('read_model', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'members' THEN
    member := changed.id;
  ELSIF TG_TABLE_NAME IN ('sessions', 'memberships', 'payment_methods') THEN
    member := changed.member_id;
  ELSIF TG_TABLE_NAME IN ('freeze_periods', 'keys') THEN
    SELECT ms.member_id INTO member FROM memberships ms WHERE ms.id = changed.membership_id;
  END IF;
  PERFORM pg_notify('read_model', coalesce(member, '*'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "members" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "payment_methods" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "freeze_periods" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "keys" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "locations" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_changed" AFTER INSERT OR UPDATE OR DELETE ON "referral_promotions" FOR EACH ROW EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "members" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "freeze_periods" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "keys" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
--> statement-breakpoint
CREATE TRIGGER "read_model_truncated" AFTER TRUNCATE ON "referral_promotions" FOR EACH STATEMENT EXECUTE FUNCTION "read_model_changed"();
