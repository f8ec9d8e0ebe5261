CREATE TABLE "clan_chief_registrations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text,
	"chief_city" text,
	"phone_number" text,
	"phone_verified_at" timestamp with time zone,
	"college_name" text,
	"referrer_phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" uuid NOT NULL,
	"user_id" uuid,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clan_events_kind_check" CHECK ("clan_events"."kind" in ('creation', 'delete', 'leave', 'join', 'removed', 'handover', 'request', 'approved', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "clan_group_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clan_group_news_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "clan_group_news_kind_check" CHECK ("clan_group_news"."kind" in ('member_joined', 'clan_quest_completed', 'tier_reached', 'announcement', 'group_linked')),
	CONSTRAINT "clan_group_news_status_check" CHECK ("clan_group_news"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "clan_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clan_images_kind_check" CHECK ("clan_images"."kind" in ('logo', 'banner'))
);
--> statement-breakpoint
CREATE TABLE "clan_join_requests" (
	"clan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clan_join_requests_clan_id_user_id_pk" PRIMARY KEY("clan_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "clan_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"clan_id" uuid NOT NULL,
	"role" text DEFAULT 'Member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clan_members_role_check" CHECK ("clan_members"."role" in ('Chief', 'Member'))
);
--> statement-breakpoint
CREATE TABLE "clan_quests" (
	"clan_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL,
	"target" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "clan_quests_clan_id_quest_id_pk" PRIMARY KEY("clan_id","quest_id"),
	CONSTRAINT "clan_quests_target_check" CHECK ("clan_quests"."target" >= 1)
);
--> statement-breakpoint
CREATE TABLE "clan_telegram_groups" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"clan_id" uuid NOT NULL,
	"title" text NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_send_at" timestamp with time zone,
	CONSTRAINT "clan_telegram_groups_clan_id_unique" UNIQUE("clan_id")
);
--> statement-breakpoint
CREATE TABLE "clans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"college_name" text,
	"logo_image_id" uuid,
	"banner_image_id" uuid,
	"chief_id" uuid NOT NULL,
	"join_policy" text DEFAULT 'OPEN' NOT NULL,
	"dashboard_type" text DEFAULT 'k_quest' NOT NULL,
	"member_cap" integer NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"tier" text DEFAULT 'Bronze' NOT NULL,
	"best_tier" text DEFAULT 'Bronze' NOT NULL,
	"score_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clans_member_count_check" CHECK ("clans"."member_count" >= 0 and "clans"."member_count" <= "clans"."member_cap"),
	CONSTRAINT "clans_join_policy_check" CHECK ("clans"."join_policy" in ('OPEN', 'APPROVAL')),
	CONSTRAINT "clans_dashboard_type_check" CHECK ("clans"."dashboard_type" in ('k_drop', 'k_quest')),
	CONSTRAINT "clans_tier_check" CHECK ("clans"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond')),
	CONSTRAINT "clans_best_tier_check" CHECK ("clans"."best_tier" in ('Bronze', 'Silver', 'Gold', 'Diamond'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "clan_chief_registrations" ADD CONSTRAINT "clan_chief_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_events" ADD CONSTRAINT "clan_events_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_events" ADD CONSTRAINT "clan_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_events" ADD CONSTRAINT "clan_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_group_news" ADD CONSTRAINT "clan_group_news_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_images" ADD CONSTRAINT "clan_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_join_requests" ADD CONSTRAINT "clan_join_requests_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_join_requests" ADD CONSTRAINT "clan_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_members" ADD CONSTRAINT "clan_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_members" ADD CONSTRAINT "clan_members_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_quests" ADD CONSTRAINT "clan_quests_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_quests" ADD CONSTRAINT "clan_quests_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_telegram_groups" ADD CONSTRAINT "clan_telegram_groups_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clan_telegram_groups" ADD CONSTRAINT "clan_telegram_groups_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clans" ADD CONSTRAINT "clans_logo_image_id_clan_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."clan_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clans" ADD CONSTRAINT "clans_banner_image_id_clan_images_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."clan_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clans" ADD CONSTRAINT "clans_chief_id_users_id_fk" FOREIGN KEY ("chief_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clan_events_user_kind_idx" ON "clan_events" USING btree ("user_id","kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clan_events_clan_idx" ON "clan_events" USING btree ("clan_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clan_group_news_due_idx" ON "clan_group_news" USING btree ("available_at") WHERE "clan_group_news"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clan_images_owner_idx" ON "clan_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "clan_join_requests_user_idx" ON "clan_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clan_members_clan_idx" ON "clan_members" USING btree ("clan_id","points" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clans_name_key" ON "clans" USING btree (lower("name")) WHERE "clans"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clans_chief_key" ON "clans" USING btree ("chief_id") WHERE "clans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clans_score_idx" ON "clans" USING btree ("score" DESC NULLS LAST,"id") WHERE "clans"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clans_name_prefix_idx" ON "clans" USING btree (lower("name") text_pattern_ops) WHERE "clans"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover'));