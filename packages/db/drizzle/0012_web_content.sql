CREATE TABLE "web_banners" (
	"slug" text PRIMARY KEY NOT NULL,
	"placement" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"cta" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "web_banners_placement_check" CHECK ("web_banners"."placement" in ('home', 'k-quest', 'games', 'store'))
);
--> statement-breakpoint
CREATE TABLE "web_footer_links" (
	"slug" text PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL
);
