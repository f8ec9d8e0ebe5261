CREATE TABLE "earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"title" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"grant_key" text NOT NULL,
	"grant_transfer_id" bigint NOT NULL,
	"payout_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"failure_reason" text,
	CONSTRAINT "earnings_grant_key_unique" UNIQUE("grant_key"),
	CONSTRAINT "earnings_amount_positive" CHECK ("earnings"."amount" > 0),
	CONSTRAINT "earnings_status_check" CHECK ("earnings"."status" in ('pending', 'distributing', 'credited', 'expired', 'failed')),
	CONSTRAINT "earnings_source_check" CHECK ("earnings"."source" in ('kquest', 'kdrop', 'clanchieflite', 'referral', 'leaderboard', 'dev')),
	CONSTRAINT "earnings_distributing_has_payout" CHECK ("earnings"."status" <> 'distributing' or "earnings"."payout_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"kcash_gross" bigint NOT NULL,
	"kcash_tax" bigint NOT NULL,
	"kcash_net" bigint NOT NULL,
	"payout_currency" text NOT NULL,
	"payout_gross" bigint NOT NULL,
	"payout_tax" bigint NOT NULL,
	"payout_net" bigint NOT NULL,
	"financial_year" text,
	"net_winnings" bigint,
	"destination" jsonb NOT NULL,
	"provider_payout_id" text,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"tax_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_provider_payout_id_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "payouts_operation_key" UNIQUE("operation_id"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('requested', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('bank', 'upi', 'pix')),
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."kcash_gross" > 0 and "payouts"."kcash_tax" >= 0 and "payouts"."kcash_net" >= 0 and "payouts"."kcash_gross" = "payouts"."kcash_tax" + "payouts"."kcash_net"
        and "payouts"."payout_tax" >= 0 and "payouts"."payout_net" >= 0 and "payouts"."payout_gross" = "payouts"."payout_tax" + "payouts"."payout_net")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" uuid NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sandbox_payouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"user_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"status" text NOT NULL,
	"ciphertext" text NOT NULL,
	"lookup_hash" text NOT NULL,
	"display" jsonb NOT NULL,
	"name_on_document" text,
	"provider" text NOT NULL,
	"provider_ref" text,
	"rejection_reason" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_pkey" PRIMARY KEY("user_id","doc_type"),
	CONSTRAINT "kyc_documents_type_check" CHECK ("kyc_documents"."doc_type" in ('pan', 'aadhaar', 'bank')),
	CONSTRAINT "kyc_documents_status_check" CHECK ("kyc_documents"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_owner_check";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_grant_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("grant_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_tax_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("tax_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_user_status_idx" ON "earnings" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "earnings_payout_idx" ON "earnings" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_lookup_key" ON "kyc_documents" USING btree ("doc_type","lookup_hash") WHERE "kyc_documents"."status" in ('pending', 'verified');--> statement-breakpoint
CREATE INDEX "kyc_documents_status_idx" ON "kyc_documents" USING btree ("status");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_owner_check" CHECK (("ledger_accounts"."owner_user_id" is not null and "ledger_accounts"."kind" in ('user_usdt', 'user_kcash_bought', 'user_kcash_earned', 'user_rkhel', 'user_kpoints'))
        or ("ledger_accounts"."owner_user_id" is null and "ledger_accounts"."kind" in ('treasury', 'rewards_pool', 'store_revenue', 'fees', 'tax_withheld', 'rounding', 'earnings_payable', 'payouts_in_transit')));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'paid', 'credited', 'failed', 'expired', 'refund_due', 'refunded'));--> statement-breakpoint
-- System accounts of the two new kinds, in every currency (as 0002 does for the first six).
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind")
  SELECT NULL, c.currency, k.kind
    FROM (VALUES ('USDT'), ('KCASH'), ('RKHEL'), ('KPOINTS')) AS c(currency)
    CROSS JOIN (VALUES ('earnings_payable'), ('payouts_in_transit')) AS k(kind)
  ON CONFLICT DO NOTHING;
