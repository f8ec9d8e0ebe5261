CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "auth_sessions" ("id", "user_id", "source", "created_at", "revoked_at")
SELECT "family_id", (array_agg("user_id"))[1], (array_agg("source"))[1], min("created_at"),
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens" GROUP BY "family_id";
