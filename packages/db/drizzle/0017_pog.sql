CREATE TABLE "pog_badges" (
	"user_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pog_badges_user_id_badge_pk" PRIMARY KEY("user_id","badge"),
	CONSTRAINT "pog_badges_badge_check" CHECK ("pog_badges"."badge" in ('ProofOfCommunity', 'ProofOfHuman', 'ProofOfPlay', 'ProofOfSkill', 'ProofOfSocial', 'ProofOfCommerce', 'TelegramerSocial', 'XerSocial', 'DiscorderSocial'))
);
--> statement-breakpoint
CREATE TABLE "pog_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"mode" text DEFAULT 'customize_pog' NOT NULL,
	"state" text DEFAULT 'AvatarCategorySelection' NOT NULL,
	"theme" text,
	"category" text,
	"character" text,
	"style" text,
	"selfie_colours" jsonb,
	"draft_avatar" "bytea",
	"draft_provider" text,
	"generations" integer DEFAULT 0 NOT NULL,
	"avatar" "bytea",
	"avatar_version" integer DEFAULT 0 NOT NULL,
	"slots" integer DEFAULT 0 NOT NULL,
	"chain" text,
	"owner_address" text,
	"mint_started_at" timestamp with time zone,
	"mint_error" text,
	"mint_attempts" integer DEFAULT 0 NOT NULL,
	"network" text,
	"contract" text,
	"tx_hash" text,
	"block" text,
	"explorer_url" text,
	"minted_at" timestamp with time zone,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pog_cards_state_check" CHECK ("pog_cards"."state" in ('ReserveUsername', 'AvatarCategorySelection', 'CharacterSelection', 'StyleSelection', 'SelfieUpload', 'AvatarGenerationPending', 'MintInProgress', 'Minted', 'SlotPaymentProcessing', 'SlotPaymentFailed')),
	CONSTRAINT "pog_cards_mode_check" CHECK ("pog_cards"."mode" in ('quick_mint', 'customize_pog')),
	CONSTRAINT "pog_cards_chain_check" CHECK ("pog_cards"."chain" is null or "pog_cards"."chain" in ('evm', 'ton')),
	CONSTRAINT "pog_cards_theme_check" CHECK ("pog_cards"."theme" is null or "pog_cards"."theme" in ('Adventure', 'Fantasy', 'Action', 'Toon', 'Sci-Fi', 'Horror')),
	CONSTRAINT "pog_cards_name_key_check" CHECK ("pog_cards"."name_key" = lower("pog_cards"."name")),
	CONSTRAINT "pog_cards_slots_check" CHECK ("pog_cards"."slots" >= 0),
	CONSTRAINT "pog_cards_likes_check" CHECK ("pog_cards"."likes" >= 0),
	CONSTRAINT "pog_cards_minted_check" CHECK (("pog_cards"."minted_at" is null) = ("pog_cards"."tx_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "pog_likes" (
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pog_likes_card_id_user_id_pk" PRIMARY KEY("card_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pog_scores" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"human" integer DEFAULT 0 NOT NULL,
	"play" integer DEFAULT 0 NOT NULL,
	"skill" integer DEFAULT 0 NOT NULL,
	"commerce" integer DEFAULT 0 NOT NULL,
	"social" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"variant" text DEFAULT 'Common' NOT NULL,
	"activity" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pog_scores_variant_check" CHECK ("pog_scores"."variant" in ('Common', 'Rare', 'Epic', 'Legendary'))
);
--> statement-breakpoint
CREATE TABLE "pog_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pog_shares_channel_check" CHECK ("pog_shares"."channel" in ('x', 'telegram', 'facebook', 'whatsapp', 'more'))
);
--> statement-breakpoint
CREATE TABLE "pog_slot_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pog_badges" ADD CONSTRAINT "pog_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_cards" ADD CONSTRAINT "pog_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_likes" ADD CONSTRAINT "pog_likes_card_id_pog_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pog_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_likes" ADD CONSTRAINT "pog_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_scores" ADD CONSTRAINT "pog_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_shares" ADD CONSTRAINT "pog_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_shares" ADD CONSTRAINT "pog_shares_card_id_pog_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pog_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_slot_purchases" ADD CONSTRAINT "pog_slot_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pog_slot_purchases" ADD CONSTRAINT "pog_slot_purchases_card_id_pog_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."pog_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pog_cards_user_key" ON "pog_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pog_cards_name_key" ON "pog_cards" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pog_cards_serial_key" ON "pog_cards" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "pog_cards_minted_idx" ON "pog_cards" USING btree ("minted_at");--> statement-breakpoint
CREATE INDEX "pog_cards_likes_idx" ON "pog_cards" USING btree ("likes" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pog_likes_recent_idx" ON "pog_likes" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "pog_scores_total_idx" ON "pog_scores" USING btree ("total" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pog_shares_user_idx" ON "pog_shares" USING btree ("user_id","channel");