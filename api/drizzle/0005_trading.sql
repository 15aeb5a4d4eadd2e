CREATE TABLE "trade_fills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"count" integer NOT NULL,
	"price" double precision NOT NULL,
	"fx_rate" double precision NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_fills_side" CHECK ("trade_fills"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"symbol" text NOT NULL,
	"market" text NOT NULL,
	"type" text NOT NULL,
	"mold" text DEFAULT 'stock' NOT NULL,
	"kind" text NOT NULL,
	"tif" text DEFAULT 'day' NOT NULL,
	"state" text DEFAULT 'buy' NOT NULL,
	"count" integer NOT NULL,
	"quote_currency" text NOT NULL,
	"settle_currency" text NOT NULL,
	"seen_price" double precision NOT NULL,
	"limit_price" double precision,
	"hold_id" integer,
	"held" bigint DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"price" double precision,
	"fx_rate" double precision,
	"fx_as_of" timestamp with time zone,
	"amount" bigint,
	"fee" bigint DEFAULT 0 NOT NULL,
	"filled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"sell_key" text,
	"sell_price" double precision,
	"sell_fx_rate" double precision,
	"sell_amount" bigint,
	"sell_fee" bigint,
	"realized_pnl" bigint,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_orders_no_unique" UNIQUE("no"),
	CONSTRAINT "trade_orders_count_positive" CHECK ("trade_orders"."count" > 0),
	CONSTRAINT "trade_orders_status" CHECK ("trade_orders"."status" in (0, 1, 2, 3)),
	CONSTRAINT "trade_orders_state" CHECK ("trade_orders"."state" in ('buy', 'sell')),
	CONSTRAINT "trade_orders_sold_only_filled" CHECK ("trade_orders"."state" = 'buy' or "trade_orders"."status" = 1)
);
--> statement-breakpoint
CREATE TABLE "trade_positions" (
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "trade_positions_pk" PRIMARY KEY("user_id","symbol"),
	CONSTRAINT "trade_positions_quantity_non_negative" CHECK ("trade_positions"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trade_fills" ADD CONSTRAINT "trade_fills_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_fills" ADD CONSTRAINT "trade_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_positions" ADD CONSTRAINT "trade_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_fills_order_side_unique" ON "trade_fills" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "trade_fills_user_symbol_idx" ON "trade_fills" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_user_key_unique" ON "trade_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trade_orders_user_idx" ON "trade_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "trade_orders_pending_idx" ON "trade_orders" USING btree ("id") WHERE "trade_orders"."status" = 0;