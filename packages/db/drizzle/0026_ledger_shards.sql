ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_currency_kind_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_currency_kind_shard_key" UNIQUE NULLS NOT DISTINCT("owner_user_id","currency","kind","shard");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard_check" CHECK ("ledger_accounts"."shard" >= 0 and ("ledger_accounts"."owner_user_id" is null or "ledger_accounts"."shard" = 0));--> statement-breakpoint
-- Hand-written below. An account's shard is part of its identity: only the balance may change.
CREATE OR REPLACE FUNCTION "ledger_guard_account"() RETURNS trigger LANGUAGE plpgsql AS $$
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
     OR NEW."currency" <> OLD."currency" OR NEW."kind" <> OLD."kind" OR NEW."shard" <> OLD."shard"
     OR NEW."created_at" <> OLD."created_at" THEN
    RAISE EXCEPTION 'ledger: only the balance of an account may change'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Every system account becomes 64 rows (SYSTEM_ACCOUNT_SHARDS in src/schema/ledger.ts): the existing
-- row is shard 0 and keeps its balance and history; shards 1–63 start at 0.
INSERT INTO "ledger_accounts" ("owner_user_id", "currency", "kind", "shard")
  SELECT NULL, a."currency", a."kind", s.shard
    FROM "ledger_accounts" a
    CROSS JOIN generate_series(1, 63) AS s(shard)
   WHERE a."owner_user_id" IS NULL AND a."shard" = 0
  ON CONFLICT DO NOTHING;
