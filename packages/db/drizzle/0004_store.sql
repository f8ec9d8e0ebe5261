CREATE TABLE "store_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"price_kcash" bigint,
	"price_rkhel" bigint,
	"stock" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_sku_unique" UNIQUE("sku"),
	CONSTRAINT "store_items_stock_nonnegative" CHECK ("store_items"."stock" >= 0),
	CONSTRAINT "store_items_price_kcash_positive" CHECK ("store_items"."price_kcash" is null or "store_items"."price_kcash" > 0),
	CONSTRAINT "store_items_price_rkhel_positive" CHECK ("store_items"."price_rkhel" is null or "store_items"."price_rkhel" > 0),
	CONSTRAINT "store_items_has_price" CHECK ("store_items"."price_kcash" is not null or "store_items"."price_rkhel" is not null),
	CONSTRAINT "store_items_category_check" CHECK ("store_items"."category" in ('gift_card', 'game_currency', 'voucher'))
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL,
	"paid_kcash_bought" bigint NOT NULL,
	"paid_kcash_earned" bigint NOT NULL,
	"paid_rkhel" bigint NOT NULL,
	"status" text NOT NULL,
	"redemption_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_operation_key" UNIQUE("operation_id"),
	CONSTRAINT "store_orders_redemption_code_key" UNIQUE("redemption_code"),
	CONSTRAINT "store_orders_quantity_positive" CHECK ("store_orders"."quantity" > 0),
	CONSTRAINT "store_orders_total" CHECK ("store_orders"."total" = "store_orders"."unit_price" * "store_orders"."quantity"),
	CONSTRAINT "store_orders_paid_sum" CHECK ("store_orders"."paid_kcash_bought" + "store_orders"."paid_kcash_earned" + "store_orders"."paid_rkhel" = "store_orders"."total"),
	CONSTRAINT "store_orders_status_check" CHECK ("store_orders"."status" in ('completed', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("user_id","created_at");