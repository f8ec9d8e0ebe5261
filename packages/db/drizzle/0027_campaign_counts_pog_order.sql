CREATE TABLE "campaign_entry_counts" (
	"campaign_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"participants" bigint DEFAULT 0 NOT NULL,
	"finishers" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_entry_counts_campaign_id_shard_pk" PRIMARY KEY("campaign_id","shard")
);
--> statement-breakpoint
CREATE TABLE "pog_minted_counts" (
	"level" smallint NOT NULL,
	"bucket" integer NOT NULL,
	"score_variant" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pog_minted_counts_level_bucket_score_variant_pk" PRIMARY KEY("level","bucket","score_variant")
);
--> statement-breakpoint
ALTER TABLE "pog_cards" ADD COLUMN "score_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pog_cards" ADD COLUMN "score_variant" text DEFAULT 'Common' NOT NULL;--> statement-breakpoint
ALTER TABLE "pog_cards" ADD COLUMN "recent_likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_entry_counts" ADD CONSTRAINT "campaign_entry_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pog_cards_total_idx" ON "pog_cards" USING btree ("score_total" DESC NULLS LAST,"minted_at","id") WHERE "pog_cards"."minted_at" is not null;--> statement-breakpoint
CREATE INDEX "pog_cards_hot_idx" ON "pog_cards" USING btree ("recent_likes" DESC NULLS LAST,"likes" DESC NULLS LAST,"minted_at" DESC NULLS LAST,"id") WHERE "pog_cards"."minted_at" is not null;--> statement-breakpoint
CREATE INDEX "pog_cards_variant_total_idx" ON "pog_cards" USING btree ("score_variant","score_total" DESC NULLS LAST,"minted_at","id") WHERE "pog_cards"."minted_at" is not null;--> statement-breakpoint
-- Hand-written (see src/schema/campaigns.ts, pog.ts). Campaign entry counts: kept by a trigger in the entry's own
-- transaction, in shard = last byte of the user id & 7 (as the leaderboards' counters), then backfilled.
CREATE FUNCTION "campaign_entry_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.campaign_id = NEW.campaign_id AND OLD.user_id = NEW.user_id THEN
    IF (OLD.status = 'FINISHED') <> (NEW.status = 'FINISHED') THEN
      UPDATE "campaign_entry_counts"
      SET "finishers" = "finishers" + CASE WHEN NEW.status = 'FINISHED' THEN 1 ELSE -1 END
      WHERE "campaign_id" = NEW.campaign_id AND "shard" = get_byte(uuid_send(NEW.user_id), 15) & 7;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "campaign_entry_counts"
    SET "participants" = "participants" - 1, "finishers" = "finishers" - (OLD.status = 'FINISHED')::int
    WHERE "campaign_id" = OLD.campaign_id AND "shard" = get_byte(uuid_send(OLD.user_id), 15) & 7;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "campaign_entry_counts" AS k ("campaign_id", "shard", "participants", "finishers")
    VALUES (NEW.campaign_id, get_byte(uuid_send(NEW.user_id), 15) & 7, 1, (NEW.status = 'FINISHED')::int)
    ON CONFLICT ("campaign_id", "shard") DO UPDATE
    SET "participants" = k."participants" + 1, "finishers" = k."finishers" + excluded."finishers";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "campaign_entries_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "campaign_id", "user_id"
  ON "campaign_entries" FOR EACH ROW EXECUTE FUNCTION "campaign_entry_counts_apply"();--> statement-breakpoint
INSERT INTO "campaign_entry_counts" ("campaign_id", "shard", "participants", "finishers")
SELECT "campaign_id", get_byte(uuid_send("user_id"), 15) & 7, count(*), count(*) FILTER (WHERE "status" = 'FINISHED')
FROM "campaign_entries" GROUP BY 1, 2;--> statement-breakpoint
-- POG: a card carries its owner's total and variant, copied from pog_scores when the scores change and when the
-- card is made, so the feeds order, filter and rank on pog_cards' own indexes.
CREATE FUNCTION "pog_scores_copy_to_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pog_cards" SET "score_total" = NEW.total, "score_variant" = NEW.variant
  WHERE "user_id" = NEW.user_id AND ("score_total", "score_variant") IS DISTINCT FROM (NEW.total, NEW.variant);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pog_scores_copy_to_card" AFTER INSERT OR UPDATE OF "total", "variant" ON "pog_scores"
  FOR EACH ROW EXECUTE FUNCTION "pog_scores_copy_to_card"();--> statement-breakpoint
CREATE FUNCTION "pog_cards_take_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce((SELECT s.total FROM "pog_scores" s WHERE s.user_id = NEW.user_id), 0),
    coalesce((SELECT s.variant FROM "pog_scores" s WHERE s.user_id = NEW.user_id), 'Common')
  INTO NEW.score_total, NEW.score_variant;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "pog_cards_take_scores" BEFORE INSERT ON "pog_cards"
  FOR EACH ROW EXECUTE FUNCTION "pog_cards_take_scores"();--> statement-breakpoint
UPDATE "pog_cards" c SET "score_total" = s.total, "score_variant" = s.variant FROM "pog_scores" s
WHERE s.user_id = c.user_id;
--> statement-breakpoint
UPDATE "pog_cards" c SET "recent_likes" = r.n
FROM (SELECT "card_id", count(*)::int AS n FROM "pog_likes" WHERE "created_at" > now() - interval '7 days' GROUP BY 1) r
WHERE r.card_id = c.id;
--> statement-breakpoint
-- Minted cards per total (level 0) and per 64 totals (level 1) and variant: kept by a trigger on pog_cards (a
-- mint, a total or variant copied from pog_scores, a card deleted), created after the backfills above and then
-- counted once.
CREATE FUNCTION "pog_minted_counts_move"(total integer, variant text, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pog_minted_counts" AS k ("level", "bucket", "score_variant", "count")
  -- Level 1 before level 0, in every writer: a transaction holding a total's row already holds its bucket's, so a
  -- mint and the scores job moving many cards never wait on each other in a cycle.
  VALUES (1, total >> 6, variant, delta), (0, total, variant, delta)
  ON CONFLICT ("level", "bucket", "score_variant") DO UPDATE SET "count" = k."count" + excluded."count";
END $$;--> statement-breakpoint
CREATE FUNCTION "pog_minted_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.minted_at IS NOT NULL;
  now_in boolean := TG_OP <> 'DELETE' AND NEW.minted_at IS NOT NULL;
BEGIN
  IF was AND now_in AND OLD.score_total = NEW.score_total AND OLD.score_variant = NEW.score_variant
    AND OLD.user_id = NEW.user_id THEN
    RETURN NULL;
  END IF;
  IF was THEN
    PERFORM "pog_minted_counts_move"(OLD.score_total, OLD.score_variant, -1);
  END IF;
  IF now_in THEN
    PERFORM "pog_minted_counts_move"(NEW.score_total, NEW.score_variant, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "pog_cards_minted_count" AFTER INSERT OR DELETE OR UPDATE OF "minted_at", "score_total", "score_variant", "user_id"
  ON "pog_cards" FOR EACH ROW EXECUTE FUNCTION "pog_minted_counts_apply"();--> statement-breakpoint
INSERT INTO "pog_minted_counts" ("level", "bucket", "score_variant", "count")
SELECT 0, "score_total", "score_variant", count(*) FROM "pog_cards" WHERE "minted_at" IS NOT NULL GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO "pog_minted_counts" ("level", "bucket", "score_variant", "count")
SELECT 1, "bucket" >> 6, "score_variant", sum("count") FROM "pog_minted_counts" WHERE "level" = 0 GROUP BY 2, 3;
