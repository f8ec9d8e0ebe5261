CREATE TABLE "clan_war_entries" (
	"week_key" text NOT NULL,
	"clan_id" uuid NOT NULL,
	"war_id" uuid,
	"tier" text NOT NULL,
	"score" bigint NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "clan_war_entries_week_key_clan_id_pk" PRIMARY KEY("week_key","clan_id"),
	CONSTRAINT "clan_war_entries_tier_check" CHECK ("clan_war_entries"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond'))
);
--> statement-breakpoint
CREATE TABLE "clan_war_weeks" (
	"week_key" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"min_members" integer NOT NULL,
	"reward_xp" integer NOT NULL,
	"reward_kpoints" bigint NOT NULL,
	"matched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clan_wars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_key" text NOT NULL,
	"tier" text NOT NULL,
	"clan_a_id" uuid NOT NULL,
	"clan_b_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'LIVE' NOT NULL,
	"score_a" bigint,
	"score_b" bigint,
	"winner_clan_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clan_wars_status_check" CHECK ("clan_wars"."status" in ('LIVE', 'ENDED')),
	CONSTRAINT "clan_wars_tier_check" CHECK ("clan_wars"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond')),
	CONSTRAINT "clan_wars_two_clans" CHECK ("clan_wars"."clan_a_id" <> "clan_wars"."clan_b_id")
);
--> statement-breakpoint
ALTER TABLE "clan_group_news" DROP CONSTRAINT "clan_group_news_kind_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "clan_war_entries" ADD CONSTRAINT "clan_war_entries_week_key_clan_war_weeks_week_key_fk" FOREIGN KEY ("week_key") REFERENCES "public"."clan_war_weeks"("week_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_war_entries" ADD CONSTRAINT "clan_war_entries_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_war_entries" ADD CONSTRAINT "clan_war_entries_war_id_clan_wars_id_fk" FOREIGN KEY ("war_id") REFERENCES "public"."clan_wars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_wars" ADD CONSTRAINT "clan_wars_week_key_clan_war_weeks_week_key_fk" FOREIGN KEY ("week_key") REFERENCES "public"."clan_war_weeks"("week_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_wars" ADD CONSTRAINT "clan_wars_clan_a_id_clans_id_fk" FOREIGN KEY ("clan_a_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_wars" ADD CONSTRAINT "clan_wars_clan_b_id_clans_id_fk" FOREIGN KEY ("clan_b_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_wars" ADD CONSTRAINT "clan_wars_winner_clan_id_clans_id_fk" FOREIGN KEY ("winner_clan_id") REFERENCES "public"."clans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clan_war_entries_clan_idx" ON "clan_war_entries" USING btree ("clan_id","week_key");--> statement-breakpoint
CREATE INDEX "clan_wars_live_idx" ON "clan_wars" USING btree ("ends_at") WHERE "clan_wars"."status" = 'LIVE';--> statement-breakpoint
ALTER TABLE "clan_group_news" ADD CONSTRAINT "clan_group_news_kind_check" CHECK ("clan_group_news"."kind" in ('member_joined', 'clan_quest_completed', 'tier_reached', 'announcement', 'group_linked', 'war_matched', 'war_result'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash', 'daily_streak_reminder', 'level_reached', 'season_reward', 'clan_war_matched', 'clan_war_result'));