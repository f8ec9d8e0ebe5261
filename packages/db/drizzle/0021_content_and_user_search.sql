CREATE TABLE "content_items" (
	"slug" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_url" text NOT NULL,
	"video_provider" text,
	"video_id" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_kind_check" CHECK ("content_items"."kind" in ('article', 'video')),
	CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('draft', 'published')),
	CONSTRAINT "content_items_video_check" CHECK (("content_items"."kind" = 'video') = ("content_items"."video_provider" is not null and "content_items"."video_id" is not null)),
	CONSTRAINT "content_items_video_provider_check" CHECK ("content_items"."video_provider" is null or "content_items"."video_provider" in ('youtube', 'vimeo')),
	CONSTRAINT "content_items_published_check" CHECK ("content_items"."status" = 'draft' or "content_items"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "user_recent_searches" (
	"user_id" uuid NOT NULL,
	"searched_user_id" uuid NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_recent_searches_user_id_searched_user_id_pk" PRIMARY KEY("user_id","searched_user_id")
);
--> statement-breakpoint
ALTER TABLE "user_recent_searches" ADD CONSTRAINT "user_recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recent_searches" ADD CONSTRAINT "user_recent_searches_searched_user_id_users_id_fk" FOREIGN KEY ("searched_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_published_idx" ON "content_items" USING btree ("kind","published_at" DESC NULLS LAST,"slug") WHERE "content_items"."status" = 'published';--> statement-breakpoint
CREATE INDEX "user_recent_searches_user_idx" ON "user_recent_searches" USING btree ("user_id","searched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree (lower("first_name") text_pattern_ops);