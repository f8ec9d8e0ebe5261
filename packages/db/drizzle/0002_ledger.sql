CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"request_method" text NOT NULL,
	"request_path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response" jsonb,
	"lock_token" uuid,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK ("idempotency_keys"."status" in ('in_flight', 'completed')),
	CONSTRAINT "idempotency_keys_response_when_completed" CHECK (("idempotency_keys"."status" = 'completed') = ("idempotency_keys"."response" is not null)),
	CONSTRAINT "idempotency_keys_key_length" CHECK (char_length("idempotency_keys"."key") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_currency_kind_key" UNIQUE NULLS NOT DISTINCT("owner_user_id","currency","kind"),
	CONSTRAINT "ledger_accounts_id_currency_key" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS')),
	CONSTRAINT "ledger_accounts_kind_owner_check" CHECK (("ledger_accounts"."owner_user_id" is not null and "ledger_accounts"."kind" in ('user_usdt', 'user_kcash_bought', 'user_kcash_earned', 'user_rkhel', 'user_kpoints'))
        or ("ledger_accounts"."owner_user_id" is null and "ledger_accounts"."kind" in ('treasury', 'rewards_pool', 'store_revenue', 'fees', 'tax_withheld', 'rounding'))),
	CONSTRAINT "ledger_accounts_user_kind_currency_check" CHECK (case "kind" when 'user_usdt' then "currency" = 'USDT' when 'user_kcash_bought' then "currency" = 'KCASH' when 'user_kcash_earned' then "currency" = 'KCASH' when 'user_rkhel' then "currency" = 'RKHEL' when 'user_kpoints' then "currency" = 'KPOINTS' else true end),
	CONSTRAINT "ledger_accounts_balance_nonnegative" CHECK ("ledger_accounts"."balance" >= 0 or "ledger_accounts"."kind" = 'treasury')
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"debit_balance_after" bigint NOT NULL,
	"credit_balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_currency_check" CHECK ("ledger_transfers"."currency" in ('USDT', 'KCASH', 'RKHEL', 'KPOINTS')),
	CONSTRAINT "ledger_transfers_kind_format" CHECK ("ledger_transfers"."kind" ~ '^[a-z][a-z0-9_]{0,62}$'),
	CONSTRAINT "ledger_transfers_key_length" CHECK (char_length("ledger_transfers"."idempotency_key") between 1 and 255)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_currency_fk" FOREIGN KEY ("debit_account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_currency_fk" FOREIGN KEY ("credit_account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_batch_idx" ON "ledger_transfers" USING btree ("batch_id");--> statement-breakpoint
-- Hand-written below: the ledger rules Drizzle cannot express (see src/schema/ledger.ts).
-- Applies a new transfer to its two accounts and checks the running balances the row carries. AFTER
-- (not BEFORE) so that a row skipped by ON CONFLICT never touches a balance. The service has already
-- locked both accounts in id order; the CHECK on ledger_accounts refuses an overdraft here anyway.
CREATE FUNCTION "ledger_apply_transfer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  debit_after bigint;
  credit_after bigint;
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" - NEW."amount"
    WHERE "id" = NEW."debit_account_id" AND "currency" = NEW."currency"
    RETURNING "balance" INTO debit_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: debit account % is not a % account', NEW."debit_account_id", NEW."currency"
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount"
    WHERE "id" = NEW."credit_account_id" AND "currency" = NEW."currency"
    RETURNING "balance" INTO credit_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: credit account % is not a % account', NEW."credit_account_id", NEW."currency"
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF debit_after <> NEW."debit_balance_after" OR credit_after <> NEW."credit_balance_after" THEN
    RAISE EXCEPTION 'ledger: running balances of transfer % are (%, %) but the accounts hold (%, %)',
      NEW."idempotency_key", NEW."debit_balance_after", NEW."credit_balance_after", debit_after, credit_after
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_apply" AFTER INSERT ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply_transfer"();
--> statement-breakpoint
-- Transfers are facts: never edited, never removed. A mistake is corrected by a new transfer.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only, % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "ledger_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- Accounts are permanent and their identity is fixed; the balance moves only inside
-- ledger_apply_transfer (trigger depth 2), so it always equals the sum of the account's entries.
CREATE FUNCTION "ledger_guard_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger: ledger_accounts rows are permanent, % is not allowed', TG_OP
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger: an account balance changes only by inserting a transfer'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW."id" <> OLD."id" OR NEW."owner_user_id" IS DISTINCT FROM OLD."owner_user_id"
     OR NEW."currency" <> OLD."currency" OR NEW."kind" <> OLD."kind" OR NEW."created_at" <> OLD."created_at" THEN
    RAISE EXCEPTION 'ledger: only the balance of an account may change'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_guard_account"();
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_guard_account"();
--> statement-breakpoint
-- The entry-per-side reading of the ledger: each transfer is a debit entry (−amount) and a credit
-- entry (+amount). A UNION view, so it cannot be written to.
CREATE VIEW "ledger_entries" AS
  SELECT "id" AS "transfer_id", "debit_account_id" AS "account_id", 'debit'::text AS "side",
         -"amount" AS "delta", "debit_balance_after" AS "balance_after",
         "currency", "kind", "batch_id", "created_at"
    FROM "ledger_transfers"
  UNION ALL
  SELECT "id", "credit_account_id", 'credit'::text, "amount", "credit_balance_after",
         "currency", "kind", "batch_id", "created_at"
    FROM "ledger_transfers";
--> statement-breakpoint
-- The chart of system accounts: one per (kind, currency), so a transfer never has to create one.
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind")
  SELECT NULL, c.currency, k.kind
    FROM (VALUES ('USDT'), ('KCASH'), ('RKHEL'), ('KPOINTS')) AS c(currency)
    CROSS JOIN (VALUES ('treasury'), ('rewards_pool'), ('store_revenue'), ('fees'), ('tax_withheld'), ('rounding')) AS k(kind)
  ON CONFLICT DO NOTHING;
