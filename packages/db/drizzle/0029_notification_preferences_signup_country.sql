CREATE TABLE "notification_digests" (
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"outbox_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digests_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_quiet_check" CHECK (("notification_preferences"."quiet_start" is null and "notification_preferences"."quiet_end" is null) or ("notification_preferences"."quiet_start" between 0 and 1439 and "notification_preferences"."quiet_end" between 0 and 1439 and "notification_preferences"."quiet_start" <> "notification_preferences"."quiet_end"))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_country" text;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;