CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"leaderboard_id" uuid NOT NULL,
	"pool" bigint NOT NULL,
	"bands" jsonb NOT NULL,
	"status" text DEFAULT 'LIVE' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_window" CHECK ("seasons"."ends_at" > "seasons"."starts_at"),
	CONSTRAINT "seasons_status" CHECK ("seasons"."status" in ('LIVE', 'ENDED')),
	CONSTRAINT "seasons_pool_positive" CHECK ("seasons"."pool" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leaderboards" DROP CONSTRAINT "leaderboards_kind_check";--> statement-breakpoint
ALTER TABLE "xp_awards" ADD COLUMN "season_tallied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_number_key" ON "seasons" USING btree ("number");--> statement-breakpoint
CREATE INDEX "seasons_ends_at_idx" ON "seasons" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "xp_awards_untallied" ON "xp_awards" USING btree ("id") WHERE not "xp_awards"."season_tallied";--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_kind_check" CHECK ("leaderboards"."kind" in ('centralized', 'campaign', 'season'));