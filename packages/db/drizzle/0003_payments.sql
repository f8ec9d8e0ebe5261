CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"usdt_amount" bigint NOT NULL,
	"fee_usdt" bigint NOT NULL,
	"kcash_amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_event_id" text,
	"credit_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "deposits_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'paid', 'credited', 'failed', 'expired')),
	CONSTRAINT "deposits_amounts_check" CHECK ("deposits"."amount" > 0 and "deposits"."kcash_amount" > 0 and "deposits"."fee_usdt" >= 0),
	CONSTRAINT "deposits_credited_check" CHECK (("deposits"."status" = 'credited') = ("deposits"."credit_transfer_id" is not null and "deposits"."credited_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"deposit_id" uuid,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_credit_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("credit_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_created_idx" ON "deposits" USING btree ("user_id","created_at");