CREATE TABLE "bot_chats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_at" timestamp with time zone,
	CONSTRAINT "bot_chats_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'skipped', 'failed')),
	CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring'))
);
--> statement-breakpoint
CREATE TABLE "offerwall_postbacks" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kpoints" bigint NOT NULL,
	"offer_name" text NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operators_name_unique" UNIQUE("name"),
	CONSTRAINT "operators_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_social_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"redirect_url_template" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"networks" text[] DEFAULT '{}'::text[] NOT NULL,
	"login_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text NOT NULL,
	"play_url" text,
	"hub_slug" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug"),
	CONSTRAINT "games_genres_check" CHECK ("games"."genres" <@ array['Social', 'RPG', 'BattleRoyale', 'Shooter', 'MOBA', 'MMORPG', 'Strategy', 'Racing', 'Sports', 'Fantasy', 'CardGame', 'Action', 'Adventure', 'Arcade', 'Casual', 'Puzzle', 'Simulation', 'Horror', 'Survival', 'Sandbox', 'Fighting', 'Platformer', 'TowerDefense', 'Trivia', 'Board', 'Music', 'Idle', 'Metaverse', 'Tactics', 'OpenWorld', 'Party', 'Educational', 'Word', 'Anime', 'Esports']::text[]),
	CONSTRAINT "games_platforms_check" CHECK ("games"."platforms" <@ array['Browser', 'Android', 'Windows', 'IOS', 'PC', 'Mac']::text[]),
	CONSTRAINT "games_networks_check" CHECK ("games"."networks" <@ array['OffChain', 'Ethereum', 'Polygon', 'BNBChain', 'Arbitrum', 'Base', 'Solana', 'TON', 'Immutable']::text[]),
	CONSTRAINT "games_login_methods_check" CHECK ("games"."login_methods" <@ array['email', 'solana_wallet', 'username', 'user_id', 'steam_id', 'steam_link']::text[])
);
--> statement-breakpoint
CREATE TABLE "quest_hubs" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"logo_url" text NOT NULL,
	"banner_url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quest_proofs" (
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"method" text NOT NULL,
	"text" text,
	"link" text,
	"image" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_proofs_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "quest_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quest_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"proof" text,
	"config" jsonb NOT NULL,
	"secret_hash" text,
	CONSTRAINT "quest_tasks_position_key" UNIQUE("quest_id","position"),
	CONSTRAINT "quest_tasks_type_check" CHECK ("quest_tasks"."type" in ('link_twitter', 'link_discord', 'link_google', 'link_wallet', 'link_steam', 'link_telegram', 'x_comment', 'x_like', 'x_retweet', 'x_follow', 'x_hashtag_tweet', 'x_bio', 'referral_invite', 'create_referral', 'discord_join_server', 'telegram_join_channel', 'discord_role_check', 'hold_token', 'hold_nft', 'uri_redirection', 'capture_login', 'game_api', 'special_code', 'internal_api', 'share_pog_x')),
	CONSTRAINT "quest_tasks_proof_check" CHECK ("quest_tasks"."proof" is null or "quest_tasks"."proof" in ('text', 'link', 'image'))
);
--> statement-breakpoint
CREATE TABLE "quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"hub_slug" text,
	"game_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_slots" integer,
	"remaining_slots" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"reward_kpoints" bigint,
	"reward_kcash" bigint,
	"reward_rkhel" bigint,
	"published_at" timestamp with time zone,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_slug_unique" UNIQUE("slug"),
	CONSTRAINT "quests_dates" CHECK ("quests"."ends_at" > "quests"."starts_at"),
	CONSTRAINT "quests_slots" CHECK (("quests"."total_slots" is null and "quests"."remaining_slots" is null) or ("quests"."total_slots" > 0 and "quests"."remaining_slots" between 0 and "quests"."total_slots")),
	CONSTRAINT "quests_rewards_positive" CHECK (coalesce("quests"."reward_kpoints", 1) > 0 and coalesce("quests"."reward_kcash", 1) > 0 and coalesce("quests"."reward_rkhel", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "user_quests" (
	"user_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"rewarded" jsonb,
	CONSTRAINT "user_quests_user_id_quest_id_pk" PRIMARY KEY("user_id","quest_id")
);
--> statement-breakpoint
CREATE TABLE "user_tasks" (
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"value" text,
	"visited_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tasks_user_id_task_id_pk" PRIMARY KEY("user_id","task_id"),
	CONSTRAINT "user_tasks_status_check" CHECK ("user_tasks"."status" in ('PENDING', 'FAILED', 'VERIFIED'))
);
--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offerwall_postbacks" ADD CONSTRAINT "offerwall_postbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_hub_slug_quest_hubs_slug_fk" FOREIGN KEY ("hub_slug") REFERENCES "public"."quest_hubs"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_proofs" ADD CONSTRAINT "quest_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_proofs" ADD CONSTRAINT "quest_proofs_task_id_quest_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."quest_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_tasks" ADD CONSTRAINT "quest_tasks_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_hub_slug_quest_hubs_slug_fk" FOREIGN KEY ("hub_slug") REFERENCES "public"."quest_hubs"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quests" ADD CONSTRAINT "user_quests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quests" ADD CONSTRAINT "user_quests_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tasks" ADD CONSTRAINT "user_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tasks" ADD CONSTRAINT "user_tasks_task_id_quest_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."quest_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tasks" ADD CONSTRAINT "user_tasks_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_social_actions_actor_idx" ON "sandbox_social_actions" USING btree ("platform","actor","action");--> statement-breakpoint
CREATE INDEX "quests_hub_idx" ON "quests" USING btree ("hub_slug","starts_at");--> statement-breakpoint
CREATE INDEX "quests_game_idx" ON "quests" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "user_quests_quest_idx" ON "user_quests" USING btree ("quest_id");--> statement-breakpoint
CREATE INDEX "user_tasks_quest_idx" ON "user_tasks" USING btree ("user_id","quest_id");