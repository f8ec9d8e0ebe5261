CREATE TABLE "klash_score_counts" (
	"tournament_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"bucket" bigint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "klash_score_counts_tournament_id_level_bucket_pk" PRIMARY KEY("tournament_id","level","bucket"),
	CONSTRAINT "klash_score_counts_count_check" CHECK ("klash_score_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "klash_score_counts" ADD CONSTRAINT "klash_score_counts_tournament_id_klash_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."klash_tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "klash_entries_standings_idx" ON "klash_entries" USING btree ("tournament_id","score" desc,"scored_at","id") WHERE "klash_entries"."status" = 'registered' and "klash_entries"."score" is not null;--> statement-breakpoint
CREATE INDEX "quests_list_idx" ON "quests" USING btree ("featured","ends_at","slug") WHERE "quests"."published_at" is not null and "quests"."kind" = 'quest';--> statement-breakpoint
-- Hand-written: the counts of the boards already scored (level k holds score >> 8k).
INSERT INTO "klash_score_counts" ("tournament_id", "level", "bucket", "count")
SELECT e."tournament_id", l."level", e."score" >> (8 * l."level"), count(*)
FROM "klash_entries" e CROSS JOIN generate_series(0, 3) AS l("level")
WHERE e."status" = 'registered' AND e."score" IS NOT NULL
GROUP BY e."tournament_id", l."level", e."score" >> (8 * l."level");
