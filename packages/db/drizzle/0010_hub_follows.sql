CREATE TABLE "hub_follows" (
	"user_id" uuid NOT NULL,
	"hub_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_follows_user_id_hub_slug_pk" PRIMARY KEY("user_id","hub_slug")
);
--> statement-breakpoint
ALTER TABLE "hub_follows" ADD CONSTRAINT "hub_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_follows" ADD CONSTRAINT "hub_follows_hub_slug_quest_hubs_slug_fk" FOREIGN KEY ("hub_slug") REFERENCES "public"."quest_hubs"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hub_follows_hub_idx" ON "hub_follows" USING btree ("hub_slug");