CREATE TABLE "campaign_slots" (
	"campaign_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid,
	"taken_at" timestamp with time zone,
	CONSTRAINT "campaign_slots_campaign_id_number_pk" PRIMARY KEY("campaign_id","number"),
	CONSTRAINT "campaign_slots_number_check" CHECK ("campaign_slots"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_participant_counts" (
	"leaderboard_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_participant_counts_leaderboard_id_shard_pk" PRIMARY KEY("leaderboard_id","shard"),
	CONSTRAINT "leaderboard_participant_counts_count_check" CHECK ("leaderboard_participant_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leaderboard_score_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_score_counts" DROP CONSTRAINT "leaderboard_score_counts_leaderboard_id_level_bucket_pk";--> statement-breakpoint
ALTER TABLE "leaderboard_score_counts" ADD CONSTRAINT "leaderboard_score_counts_leaderboard_id_level_bucket_shard_pk" PRIMARY KEY("leaderboard_id","level","bucket","shard");--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_participant_counts" ADD CONSTRAINT "leaderboard_participant_counts_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_slots_free_idx" ON "campaign_slots" USING btree ("campaign_id","number") WHERE "campaign_slots"."taken_at" is null;--> statement-breakpoint
-- Hand-written (see src/schema/leaderboards.ts, campaigns.ts): the counts are rebuilt spread over the
-- shards (an entry counts in shard = last byte of its user id & 7, as leaderboardShardOf in the API),
-- boards' participants move into their shard rows, and fixed campaigns get their slot rows, the first
-- total - remaining of them taken (slot numbers were handed out in that order).
DELETE FROM "leaderboard_score_counts";--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT k.leaderboard_id, 0, k.key, k.shard, count(*)
FROM (SELECT e.leaderboard_id, ((e.score::bigint << 32) + (4294967295::bigint - least(greatest(floor(extract(epoch from e.reached_at) - 1577836800), 0), 4294967295::bigint)::bigint)) AS key, (get_byte(uuid_send(e.user_id), 15) & 7) AS shard FROM "leaderboard_entries" e) k
WHERE k.key <> 0
GROUP BY k.leaderboard_id, k.key, k.shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 1, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 0 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 2, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 1 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 3, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 2 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 4, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 3 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 5, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 4 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 6, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 5 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_score_counts" ("leaderboard_id", "level", "bucket", "shard", "count")
SELECT leaderboard_id, 7, bucket >> 8, shard, sum(count) FROM "leaderboard_score_counts"
WHERE level = 6 AND bucket >> 8 <> 0 GROUP BY leaderboard_id, bucket >> 8, shard;--> statement-breakpoint
INSERT INTO "leaderboard_participant_counts" ("leaderboard_id", "shard", "count")
SELECT e.leaderboard_id, (get_byte(uuid_send(e.user_id), 15) & 7), count(*) FROM "leaderboard_entries" e GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "campaign_slots" ("campaign_id", "number", "user_id", "taken_at")
SELECT c.id, n, CASE WHEN n <= c.total_slots - c.remaining_slots THEN e.user_id END,
  CASE WHEN n <= c.total_slots - c.remaining_slots THEN coalesce(e.finished_at, c.updated_at) END
FROM "campaigns" c
CROSS JOIN LATERAL generate_series(1, c.total_slots) AS n
LEFT JOIN "campaign_entries" e ON e.campaign_id = c.id AND e.slot_number = n
WHERE c.total_slots IS NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboards" DROP CONSTRAINT "leaderboards_participants_check";--> statement-breakpoint
ALTER TABLE "leaderboards" DROP COLUMN "participants";
