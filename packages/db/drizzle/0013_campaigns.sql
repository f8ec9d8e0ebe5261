CREATE TABLE "campaign_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'STARTED' NOT NULL,
	"held_reason" text,
	"ip_hash" text,
	"device_id" text,
	"points" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"slot_number" integer,
	CONSTRAINT "campaign_entries_user_key" UNIQUE("campaign_id","user_id"),
	CONSTRAINT "campaign_entries_status_check" CHECK ("campaign_entries"."status" in ('STARTED', 'FINISHED', 'HELD', 'DISQUALIFIED'))
);
--> statement-breakpoint
CREATE TABLE "campaign_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"allocation_key" text NOT NULL,
	"earning_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"rank" integer,
	"status" text DEFAULT 'CLAIMABLE' NOT NULL,
	"earning_id" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_rewards_allocation_key_unique" UNIQUE("allocation_key"),
	CONSTRAINT "campaign_rewards_amount_positive" CHECK ("campaign_rewards"."amount" > 0),
	CONSTRAINT "campaign_rewards_type_check" CHECK ("campaign_rewards"."earning_type" in ('FIXED_REWARD', 'POOL_SHARE', 'LEADERBOARD_PRIZE', 'RAFFLE_PRIZE', 'REFERRAL_BONUS')),
	CONSTRAINT "campaign_rewards_status_check" CHECK ("campaign_rewards"."status" in ('CLAIMABLE', 'REWARD_DISBURSEMENT_SUCCESSFUL', 'HELD'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"hub_slug" text,
	"game_id" uuid,
	"quest_id" uuid NOT NULL,
	"leaderboard_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"reward_amount" bigint,
	"pool" bigint NOT NULL,
	"total_slots" integer,
	"remaining_slots" integer,
	"winners" integer,
	"bands" jsonb,
	"referral_reward" bigint,
	"referral_max" integer,
	"eligibility" jsonb NOT NULL,
	"entry_caps" jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seed" text,
	"seed_hash" text,
	"drawn_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"live_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug"),
	CONSTRAINT "campaigns_quest_id_unique" UNIQUE("quest_id"),
	CONSTRAINT "campaigns_leaderboard_id_unique" UNIQUE("leaderboard_id"),
	CONSTRAINT "campaigns_dates" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at"),
	CONSTRAINT "campaigns_variant_check" CHECK ("campaigns"."variant" in ('FIXED_SLOT_FIXED_REWARD', 'OPEN_SLOT_DYNAMIC_REWARD', 'OPEN_SLOT_LEADERBOARD_REWARD', 'OPEN_SLOT_RAFFLE_REWARD')),
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('DRAFT', 'PUBLISHED', 'LIVE', 'ENDED', 'PROCESSING_REWARDS', 'REWARDS_CREDITED', 'ARCHIVED')),
	CONSTRAINT "campaigns_pool_positive" CHECK ("campaigns"."pool" > 0),
	CONSTRAINT "campaigns_slots" CHECK (("campaigns"."total_slots" is null and "campaigns"."remaining_slots" is null) or ("campaigns"."total_slots" > 0 and "campaigns"."remaining_slots" between 0 and "campaigns"."total_slots"))
);
--> statement-breakpoint
CREATE TABLE "leaderboard_contributions" (
	"leaderboard_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"label" text NOT NULL,
	"points" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_contributions_leaderboard_id_user_id_source_key_pk" PRIMARY KEY("leaderboard_id","user_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"leaderboard_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_entries_leaderboard_id_user_id_pk" PRIMARY KEY("leaderboard_id","user_id"),
	CONSTRAINT "leaderboard_entries_score_check" CHECK ("leaderboard_entries"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_score_counts" (
	"leaderboard_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"bucket" bigint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_score_counts_leaderboard_id_level_bucket_pk" PRIMARY KEY("leaderboard_id","level","bucket"),
	CONSTRAINT "leaderboard_score_counts_count_check" CHECK ("leaderboard_score_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"participants" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_slug_unique" UNIQUE("slug"),
	CONSTRAINT "leaderboards_kind_check" CHECK ("leaderboards"."kind" in ('centralized', 'campaign')),
	CONSTRAINT "leaderboards_participants_check" CHECK ("leaderboards"."participants" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quest_tasks" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "kind" text DEFAULT 'quest' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD CONSTRAINT "campaign_entries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_entries" ADD CONSTRAINT "campaign_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_hub_slug_quest_hubs_slug_fk" FOREIGN KEY ("hub_slug") REFERENCES "public"."quest_hubs"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_contributions" ADD CONSTRAINT "leaderboard_contributions_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_contributions" ADD CONSTRAINT "leaderboard_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_score_counts" ADD CONSTRAINT "leaderboard_score_counts_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_entries_status_idx" ON "campaign_entries" USING btree ("campaign_id","status","finished_at");--> statement-breakpoint
CREATE INDEX "campaign_entries_ip_idx" ON "campaign_entries" USING btree ("campaign_id","ip_hash");--> statement-breakpoint
CREATE INDEX "campaign_entries_device_idx" ON "campaign_entries" USING btree ("campaign_id","device_id");--> statement-breakpoint
CREATE INDEX "campaign_rewards_user_idx" ON "campaign_rewards" USING btree ("user_id","campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_list_idx" ON "campaigns" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_rank_idx" ON "leaderboard_entries" USING btree ("leaderboard_id","score" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "leaderboards_campaign_idx" ON "leaderboards" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_kind_check" CHECK ("quests"."kind" in ('quest', 'campaign'));--> statement-breakpoint
INSERT INTO "leaderboards" ("slug", "title", "kind", "starts_at", "published_at") VALUES ('k-points', 'K-Points', 'centralized', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z') ON CONFLICT ("slug") DO NOTHING;
