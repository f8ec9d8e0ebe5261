CREATE TABLE "ton_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"memo" text NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"amount" bigint NOT NULL,
	"kcash_amount" bigint NOT NULL,
	"rate_ton" bigint NOT NULL,
	"rate_kcash" bigint NOT NULL,
	"wallet" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"received_amount" bigint,
	"credited_kcash" bigint,
	"tx_hash" text,
	"credit_transfer_id" bigint,
	"credited_at" timestamp with time zone,
	CONSTRAINT "ton_deposits_memo_unique" UNIQUE("memo"),
	CONSTRAINT "ton_deposits_status_check" CHECK ("ton_deposits"."status" in ('pending', 'credited', 'held')),
	CONSTRAINT "ton_deposits_amounts_check" CHECK ("ton_deposits"."amount" > 0 and "ton_deposits"."kcash_amount" > 0),
	CONSTRAINT "ton_deposits_credited_check" CHECK (("ton_deposits"."status" = 'credited') = ("ton_deposits"."credit_transfer_id" is not null and "ton_deposits"."credited_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "ton_inbound_transactions" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"lt" text NOT NULL,
	"network" text NOT NULL,
	"source" text,
	"amount" bigint NOT NULL,
	"comment" text,
	"deposit_id" uuid,
	"outcome" text NOT NULL,
	"kcash_amount" bigint,
	"chain_time" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ton_inbound_transactions_outcome_check" CHECK ("ton_inbound_transactions"."outcome" in ('credited', 'unknown_memo', 'too_small', 'too_large', 'memo_used', 'bounced'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_currency_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "ton_deposits" ADD CONSTRAINT "ton_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ton_deposits" ADD CONSTRAINT "ton_deposits_credit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("credit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ton_inbound_transactions" ADD CONSTRAINT "ton_inbound_transactions_deposit_id_ton_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."ton_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ton_deposits_user_created_idx" ON "ton_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ton_inbound_transactions_deposit_idx" ON "ton_inbound_transactions" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "ton_inbound_transactions_seen_idx" ON "ton_inbound_transactions" USING btree ("seen_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS', 'TON'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner_check" CHECK (("ledger_accounts"."owner_user_id" is not null and "ledger_accounts"."kind" in ('user_usdt', 'user_kcash_bought', 'user_kcash_earned', 'user_rkhel', 'user_kpoints'))
        or ("ledger_accounts"."owner_user_id" is null and "ledger_accounts"."kind" in ('treasury', 'rewards_pool', 'store_revenue', 'fees', 'tax_withheld', 'rounding', 'earnings_payable', 'payouts_in_transit', 'klash_escrow', 'ton_custody')));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_currency_check" CHECK ("ledger_transfers"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS', 'TON'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash', 'daily_streak_reminder', 'level_reached', 'season_reward', 'clan_war_matched', 'clan_war_result', 'ton_deposit_credited'));--> statement-breakpoint
-- Every system account in the new currency TON, and the new ton_custody in every currency, each in its 64 shards (as 0026).
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind", "shard")
  SELECT NULL, c.currency, k.kind, s.shard
    FROM (VALUES ('USDT'), ('KCASH'), ('RKHEL'), ('KPOINTS'), ('TON')) AS c(currency)
    CROSS JOIN (VALUES ('treasury'), ('rewards_pool'), ('store_revenue'), ('fees'), ('tax_withheld'), ('rounding'),
      ('earnings_payable'), ('payouts_in_transit'), ('klash_escrow'), ('ton_custody')) AS k(kind)
    CROSS JOIN generate_series(0, 63) AS s(shard)
  ON CONFLICT DO NOTHING;
