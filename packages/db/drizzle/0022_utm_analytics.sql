CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dim1" text DEFAULT '' NOT NULL,
	"dim2" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_dim1_dim2_pk" PRIMARY KEY("day","metric","dim1","dim2")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_through" timestamp with time zone,
	"ingested_through" timestamp with time zone,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "utm_attributions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"attributed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utm_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"owner_user_id" uuid,
	"owner_operator_id" uuid,
	"target_type" text NOT NULL,
	"target_slug" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"content" text,
	"term" text,
	"clicks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utm_links_target_type_check" CHECK ("utm_links"."target_type" in ('quest', 'campaign')),
	CONSTRAINT "utm_links_one_owner" CHECK (("utm_links"."owner_user_id" is null) <> ("utm_links"."owner_operator_id" is null))
);
--> statement-breakpoint
CREATE TABLE "utm_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "analytics_events_name_idx";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "occurred_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "analytic_session_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "entry_point" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "method" text;--> statement-breakpoint
UPDATE "analytics_events" SET
	"occurred_at" = "received_at",
	"user_id" = CASE WHEN "details"->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ("details"->>'userId')::uuid END,
	"analytic_session_id" = left("details"->>'analyticSessionId', 100),
	"channel" = CASE WHEN "details"->>'channel' IN ('website', 'app') THEN "details"->>'channel' END,
	"device" = CASE WHEN "details"->>'device' IN ('Mobile', 'DeskTop', 'Others') THEN "details"->>'device' END,
	"location" = CASE WHEN "details"->>'location' IN ('India', 'Brazil', 'Others') THEN "details"->>'location' END,
	"entry_point" = left("details"->>'entryPoint', 200);--> statement-breakpoint
ALTER TABLE "utm_attributions" ADD CONSTRAINT "utm_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_attributions" ADD CONSTRAINT "utm_attributions_link_id_utm_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."utm_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_links" ADD CONSTRAINT "utm_links_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_links" ADD CONSTRAINT "utm_links_owner_operator_id_operators_id_fk" FOREIGN KEY ("owner_operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_visits" ADD CONSTRAINT "utm_visits_link_id_utm_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."utm_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "utm_attributions_link_idx" ON "utm_attributions" USING btree ("link_id","attributed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utm_links_code_key" ON "utm_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "utm_links_owner_user_idx" ON "utm_links" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utm_visits_link_visitor_key" ON "utm_visits" USING btree ("link_id","visitor_id");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_brin" ON "analytics_events" USING brin ("occurred_at") WITH (autosummarize=true);--> statement-breakpoint
CREATE INDEX "analytics_events_received_brin" ON "analytics_events" USING brin ("received_at") WITH (autosummarize=true);--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_server_event_key" ON "analytics_events" USING btree ("event_id") WHERE "analytics_events"."channel" = 'server';--> statement-breakpoint
CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("event_name","occurred_at");