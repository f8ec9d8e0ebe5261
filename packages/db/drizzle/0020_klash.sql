CREATE TABLE "klash_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"captain_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"team_name" text,
	"clan_id" uuid,
	"status" text DEFAULT 'registered' NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"fee_from_bought" bigint DEFAULT 0 NOT NULL,
	"fee_from_earned" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"seed" integer,
	"score" bigint,
	"scored_at" timestamp with time zone,
	"rank" integer,
	"prize" bigint,
	"prize_earning_id" uuid,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "klash_entries_status_check" CHECK ("klash_entries"."status" in ('registered', 'withdrawn', 'cancelled')),
	CONSTRAINT "klash_entries_fee" CHECK ("klash_entries"."fee" = "klash_entries"."fee_from_bought" + "klash_entries"."fee_from_earned" and "klash_entries"."fee_from_bought" >= 0 and "klash_entries"."fee_from_earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "klash_entry_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"contact_type" text NOT NULL,
	"contact" text NOT NULL,
	"user_id" uuid,
	CONSTRAINT "klash_entry_members_contact_key" UNIQUE("entry_id","contact"),
	CONSTRAINT "klash_entry_members_type_check" CHECK ("klash_entry_members"."contact_type" in ('phone', 'email'))
);
--> statement-breakpoint
CREATE TABLE "klash_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"entry_a" uuid,
	"entry_b" uuid,
	"bye_a" boolean DEFAULT false NOT NULL,
	"bye_b" boolean DEFAULT false NOT NULL,
	"report_a" text,
	"report_b" text,
	"reported_at_a" timestamp with time zone,
	"reported_at_b" timestamp with time zone,
	"score_a" integer,
	"score_b" integer,
	"state" text DEFAULT 'waiting' NOT NULL,
	"winner_side" smallint,
	"resolution" text,
	"deadline_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "klash_matches_slot_key" UNIQUE("tournament_id","round","position"),
	CONSTRAINT "klash_matches_state_check" CHECK ("klash_matches"."state" in ('waiting', 'ready', 'reported', 'disputed', 'settled')),
	CONSTRAINT "klash_matches_resolution_check" CHECK ("klash_matches"."resolution" is null or "klash_matches"."resolution" in ('agreed', 'operator', 'game_api', 'forfeit', 'no_show', 'bye')),
	CONSTRAINT "klash_matches_reports_check" CHECK (("klash_matches"."report_a" is null or "klash_matches"."report_a" in ('won', 'lost')) and ("klash_matches"."report_b" is null or "klash_matches"."report_b" in ('won', 'lost'))),
	CONSTRAINT "klash_matches_winner_check" CHECK (("klash_matches"."state" = 'settled') = ("klash_matches"."winner_side" is not null) and ("klash_matches"."winner_side" is null or "klash_matches"."winner_side" in (0, 1)))
);
--> statement-breakpoint
CREATE TABLE "klash_tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"game_id" uuid NOT NULL,
	"format" text NOT NULL,
	"mode" text NOT NULL,
	"team_size" integer DEFAULT 1 NOT NULL,
	"capacity" integer NOT NULL,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"registration_opens_at" timestamp with time zone NOT NULL,
	"registration_closes_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"match_minutes" integer DEFAULT 60 NOT NULL,
	"entry_fee" bigint DEFAULT 0 NOT NULL,
	"prize_pool" bigint NOT NULL,
	"prizes" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"payout_status" text DEFAULT 'pending' NOT NULL,
	"seed" text,
	"seed_hash" text,
	"round_count" integer DEFAULT 0 NOT NULL,
	"winner_entry_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"scores_updated_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "klash_tournaments_slug_unique" UNIQUE("slug"),
	CONSTRAINT "klash_tournaments_format_check" CHECK ("klash_tournaments"."format" in ('bracket', 'leaderboard')),
	CONSTRAINT "klash_tournaments_mode_check" CHECK ("klash_tournaments"."mode" in ('solo', 'team')),
	CONSTRAINT "klash_tournaments_status_check" CHECK ("klash_tournaments"."status" in ('draft', 'scheduled', 'registration_open', 'registration_closed', 'live', 'completed', 'cancelled')),
	CONSTRAINT "klash_tournaments_payout_check" CHECK ("klash_tournaments"."payout_status" in ('pending', 'paid', 'none')),
	CONSTRAINT "klash_tournaments_capacity" CHECK ("klash_tournaments"."capacity" >= 2 and "klash_tournaments"."registered_count" between 0 and "klash_tournaments"."capacity"),
	CONSTRAINT "klash_tournaments_money" CHECK ("klash_tournaments"."entry_fee" >= 0 and "klash_tournaments"."prize_pool" >= 0),
	CONSTRAINT "klash_tournaments_schedule" CHECK ("klash_tournaments"."registration_closes_at" > "klash_tournaments"."registration_opens_at" and "klash_tournaments"."starts_at" >= "klash_tournaments"."registration_closes_at")
);
--> statement-breakpoint
ALTER TABLE "earnings" DROP CONSTRAINT "earnings_source_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "klash_entries" ADD CONSTRAINT "klash_entries_tournament_id_klash_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."klash_tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_entries" ADD CONSTRAINT "klash_entries_captain_user_id_users_id_fk" FOREIGN KEY ("captain_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_entries" ADD CONSTRAINT "klash_entries_clan_id_clans_id_fk" FOREIGN KEY ("clan_id") REFERENCES "public"."clans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_entry_members" ADD CONSTRAINT "klash_entry_members_entry_id_klash_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."klash_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_entry_members" ADD CONSTRAINT "klash_entry_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_matches" ADD CONSTRAINT "klash_matches_tournament_id_klash_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."klash_tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_matches" ADD CONSTRAINT "klash_matches_entry_a_klash_entries_id_fk" FOREIGN KEY ("entry_a") REFERENCES "public"."klash_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_matches" ADD CONSTRAINT "klash_matches_entry_b_klash_entries_id_fk" FOREIGN KEY ("entry_b") REFERENCES "public"."klash_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "klash_tournaments" ADD CONSTRAINT "klash_tournaments_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "klash_entries_one_active_per_captain" ON "klash_entries" USING btree ("tournament_id","captain_user_id") WHERE "klash_entries"."status" = 'registered';--> statement-breakpoint
CREATE INDEX "klash_entries_tournament_idx" ON "klash_entries" USING btree ("tournament_id","status");--> statement-breakpoint
CREATE INDEX "klash_entries_captain_idx" ON "klash_entries" USING btree ("captain_user_id");--> statement-breakpoint
CREATE INDEX "klash_entry_members_user_idx" ON "klash_entry_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "klash_matches_open_idx" ON "klash_matches" USING btree ("state","deadline_at");--> statement-breakpoint
CREATE INDEX "klash_matches_entry_a_idx" ON "klash_matches" USING btree ("entry_a");--> statement-breakpoint
CREATE INDEX "klash_matches_entry_b_idx" ON "klash_matches" USING btree ("entry_b");--> statement-breakpoint
CREATE INDEX "klash_tournaments_list_idx" ON "klash_tournaments" USING btree ("status","starts_at");--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_source_check" CHECK ("earnings"."source" in ('kquest', 'kdrop', 'clanchieflite', 'referral', 'leaderboard', 'dev', 'klash'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner_check" CHECK (("ledger_accounts"."owner_user_id" is not null and "ledger_accounts"."kind" in ('user_usdt', 'user_kcash_bought', 'user_kcash_earned', 'user_rkhel', 'user_kpoints'))
        or ("ledger_accounts"."owner_user_id" is null and "ledger_accounts"."kind" in ('treasury', 'rewards_pool', 'store_revenue', 'fees', 'tax_withheld', 'rounding', 'earnings_payable', 'payouts_in_transit', 'klash_escrow')));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash'));--> statement-breakpoint
-- The escrow of Klash entry fees, in every currency (as 0002 and 0005 seed the other system accounts).
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind")
  SELECT NULL, c.currency, 'klash_escrow'
    FROM (VALUES ('USDT'), ('KCASH'), ('RKHEL'), ('KPOINTS')) AS c(currency)
  ON CONFLICT DO NOTHING;
