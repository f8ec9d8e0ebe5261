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
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "xp_awards" ADD COLUMN "season_tallied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_number_key" ON "seasons" USING btree ("number");--> statement-breakpoint
CREATE INDEX "seasons_ends_at_idx" ON "seasons" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "xp_awards_untallied" ON "xp_awards" USING btree ("id") WHERE not "xp_awards"."season_tallied";--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_kind_check" CHECK ("leaderboards"."kind" in ('centralized', 'campaign', 'season'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash', 'daily_streak_reminder', 'level_reached', 'season_reward'));