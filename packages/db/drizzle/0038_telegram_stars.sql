CREATE TABLE "stars_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product" text NOT NULL,
	"pack_id" uuid,
	"item_id" uuid,
	"title" text NOT NULL,
	"stars" integer NOT NULL,
	"kcash" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stars_invoices_product_check" CHECK ("stars_invoices"."product" in ('kcash_pack', 'store_item')),
	CONSTRAINT "stars_invoices_product_ref" CHECK (("stars_invoices"."product" = 'kcash_pack' and "stars_invoices"."pack_id" is not null and "stars_invoices"."item_id" is null and "stars_invoices"."kcash" > 0)
        or ("stars_invoices"."product" = 'store_item' and "stars_invoices"."item_id" is not null and "stars_invoices"."pack_id" is null and "stars_invoices"."kcash" is null)),
	CONSTRAINT "stars_invoices_stars_positive" CHECK ("stars_invoices"."stars" > 0)
);
--> statement-breakpoint
CREATE TABLE "stars_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"kcash" bigint NOT NULL,
	"stars" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stars_packs_sku_unique" UNIQUE("sku"),
	CONSTRAINT "stars_packs_kcash_positive" CHECK ("stars_packs"."kcash" > 0),
	CONSTRAINT "stars_packs_stars_positive" CHECK ("stars_packs"."stars" > 0)
);
--> statement-breakpoint
CREATE TABLE "stars_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"telegram_payment_charge_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"product" text NOT NULL,
	"pack_id" uuid,
	"item_id" uuid,
	"title" text NOT NULL,
	"stars" integer NOT NULL,
	"kcash" bigint,
	"order_id" uuid,
	"status" text NOT NULL,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "stars_payments_telegram_payment_charge_id_unique" UNIQUE("telegram_payment_charge_id"),
	CONSTRAINT "stars_payments_status_check" CHECK ("stars_payments"."status" in ('paid', 'refund_due', 'refunded')),
	CONSTRAINT "stars_payments_refund_reason_check" CHECK ("stars_payments"."refund_reason" is null or "stars_payments"."refund_reason" in ('operator', 'sold_out', 'undeliverable')),
	CONSTRAINT "stars_payments_refunded" CHECK (("stars_payments"."status" = 'refunded') = ("stars_payments"."refunded_at" is not null) and ("stars_payments"."status" = 'paid') = ("stars_payments"."refund_reason" is null)),
	CONSTRAINT "stars_payments_stars_positive" CHECK ("stars_payments"."stars" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_currency_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "store_orders" DROP CONSTRAINT "store_orders_paid_sum";--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "price_stars" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "rail" text DEFAULT 'balance' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "paid_stars" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stars_invoices" ADD CONSTRAINT "stars_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_invoices" ADD CONSTRAINT "stars_invoices_pack_id_stars_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."stars_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_invoices" ADD CONSTRAINT "stars_invoices_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_payments" ADD CONSTRAINT "stars_payments_invoice_id_stars_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."stars_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_payments" ADD CONSTRAINT "stars_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_payments" ADD CONSTRAINT "stars_payments_pack_id_stars_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."stars_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_payments" ADD CONSTRAINT "stars_payments_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stars_payments" ADD CONSTRAINT "stars_payments_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stars_invoices_user_idx" ON "stars_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stars_payments_created_idx" ON "stars_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stars_payments_invoice_idx" ON "stars_payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS', 'TON', 'XTR'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner_check" CHECK (("ledger_accounts"."owner_user_id" is not null and "ledger_accounts"."kind" in ('user_usdt', 'user_kcash_bought', 'user_kcash_earned', 'user_rkhel', 'user_kpoints'))
        or ("ledger_accounts"."owner_user_id" is null and "ledger_accounts"."kind" in ('treasury', 'rewards_pool', 'store_revenue', 'fees', 'tax_withheld', 'rounding', 'earnings_payable', 'payouts_in_transit', 'klash_escrow', 'ton_custody', 'stars_clearing')));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_currency_check" CHECK ("ledger_transfers"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS', 'TON', 'XTR'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('quest_completed', 'reward_ready', 'quest_slots_low', 'hub_new_quest', 'deposit_credited', 'kyc_decision', 'payout_update', 'earning_expiring', 'campaign_live', 'campaign_slots_low', 'campaign_finished', 'raffle_won', 'campaign_rewards_credited', 'campaign_claim_available', 'clan_join_request', 'clan_request_approved', 'clan_request_refused', 'clan_member_removed', 'clan_announcement', 'clan_quest_added', 'clan_quest_completed', 'clan_tier_reached', 'clan_deleted', 'clan_chief_handover', 'pog_minted', 'klash', 'daily_streak_reminder', 'level_reached', 'season_reward', 'clan_war_matched', 'clan_war_result', 'ton_deposit_credited', 'stars_payment', 'stars_refund'));--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_price_stars_positive" CHECK ("store_items"."price_stars" is null or "store_items"."price_stars" > 0);--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_rail_check" CHECK ("store_orders"."rail" in ('balance', 'stars'));--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_rail_currency" CHECK (("store_orders"."rail" = 'stars') = ("store_orders"."currency" = 'XTR') and ("store_orders"."rail" = 'stars' or "store_orders"."paid_stars" = 0));--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_paid_sum" CHECK ("store_orders"."paid_kcash_bought" + "store_orders"."paid_kcash_earned" + "store_orders"."paid_rkhel" + "store_orders"."paid_stars" = "store_orders"."total");--> statement-breakpoint
-- Hand-written: every system account in XTR and stars_clearing in every currency (TON too), each shard
-- (SYSTEM_ACCOUNT_SHARDS), as 0002, 0020, 0026 and 0037 made the others: every (kind, currency) exists.
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind", "shard")
  SELECT NULL, c.currency, k.kind, s.shard
    FROM (VALUES ('USDT'), ('KCASH'), ('RKHEL'), ('KPOINTS'), ('TON'), ('XTR')) AS c(currency)
    CROSS JOIN (VALUES ('treasury'), ('rewards_pool'), ('store_revenue'), ('fees'), ('tax_withheld'), ('rounding'),
                       ('earnings_payable'), ('payouts_in_transit'), ('klash_escrow'), ('ton_custody'),
                       ('stars_clearing')) AS k(kind)
    CROSS JOIN generate_series(0, 63) AS s(shard)
  ON CONFLICT DO NOTHING;
