CREATE TABLE "user_xp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_xp_nonnegative" CHECK ("user_xp"."xp" >= 0 and "user_xp"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "xp_awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"xp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_awards_source" CHECK ("xp_awards"."source" in ('username_chosen', 'quest_task', 'quest_complete', 'campaign_finish', 'daily_claim', 'friend_joined')),
	CONSTRAINT "xp_awards_positive" CHECK ("xp_awards"."xp" > 0)
);
--> statement-breakpoint
DROP INDEX "users_referred_by_idx";--> statement-breakpoint
ALTER TABLE "user_xp" ADD CONSTRAINT "user_xp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_awards" ADD CONSTRAINT "xp_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "xp_awards_user_key" ON "xp_awards" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "xp_awards_user_recent" ON "xp_awards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "xp_awards_created_at" ON "xp_awards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_referred_by_at_idx" ON "users" USING btree ("referred_by","referred_at","id");