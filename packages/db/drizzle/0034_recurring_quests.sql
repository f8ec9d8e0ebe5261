CREATE TABLE "quest_period_completions" (
	"user_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"rewarded" jsonb,
	CONSTRAINT "quest_period_completions_user_id_quest_id_period_start_pk" PRIMARY KEY("user_id","quest_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "xp_awards" DROP CONSTRAINT "xp_awards_source";--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "quest_period_completions" ADD CONSTRAINT "quest_period_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_period_completions" ADD CONSTRAINT "quest_period_completions_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quest_period_completions_quest_idx" ON "quest_period_completions" USING btree ("quest_id","period_start");--> statement-breakpoint
ALTER TABLE "xp_awards" ADD CONSTRAINT "xp_awards_source" CHECK ("xp_awards"."source" in ('username_chosen', 'quest_task', 'quest_complete', 'campaign_finish', 'daily_claim', 'friend_joined', 'klash_result', 'klash_prize', 'pog_minted', 'clan_quest', 'clan_war_won'));--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_recurrence_check" CHECK ("quests"."recurrence" is null or ("quests"."recurrence" in ('daily', 'weekly', 'monthly') and "quests"."kind" = 'quest' and "quests"."total_slots" is null));