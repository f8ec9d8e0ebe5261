CREATE TABLE "streak_freezes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"held" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_freezes_held_range" CHECK ("streak_freezes"."held" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "daily_claims" ADD COLUMN "frozen_day" text;--> statement-breakpoint
ALTER TABLE "daily_claims" ADD COLUMN "freeze_earned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streak_freezes" ADD CONSTRAINT "streak_freezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_claims_day_idx" ON "daily_claims" USING btree ("day");--> statement-breakpoint
ALTER TABLE "daily_claims" ADD CONSTRAINT "daily_claims_frozen_day_format" CHECK ("daily_claims"."frozen_day" is null or "daily_claims"."frozen_day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash', 'daily_streak_reminder', 'level_reached'));