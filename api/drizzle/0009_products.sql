CREATE TABLE "block_offer_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"mold" text NOT NULL,
	"market" text NOT NULL,
	"price" double precision NOT NULL,
	"min_count" integer DEFAULT 100 NOT NULL,
	"windows" jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"qualified_only" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	CONSTRAINT "block_offers_mold" CHECK ("block_offers"."mold" in ('bulk', 'finalize')),
	CONSTRAINT "block_offers_market" CHECK ("block_offers"."market" in ('US', 'IN')),
	CONSTRAINT "block_offers_price_positive" CHECK ("block_offers"."price" > 0),
	CONSTRAINT "block_offers_min_count_positive" CHECK ("block_offers"."min_count" > 0),
	CONSTRAINT "block_offers_status" CHECK ("block_offers"."status" in (1, 2)),
	CONSTRAINT "block_offers_closed_at" CHECK (("block_offers"."status" = 2) = ("block_offers"."closed_at" is not null)),
	CONSTRAINT "block_offers_qip_qualified_only" CHECK ("block_offers"."mold" <> 'finalize' or "block_offers"."qualified_only")
);
--> statement-breakpoint
CREATE TABLE "fund_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"expected_return_bps" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"return_bps" integer,
	"profit" bigint,
	"cancel_key" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_orders_amount_positive" CHECK ("fund_orders"."amount" > 0),
	CONSTRAINT "fund_orders_status" CHECK ("fund_orders"."status" in ('active', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"min_return_bps" integer NOT NULL,
	"max_return_bps" integer NOT NULL,
	"period_days" integer NOT NULL,
	"amount" bigint NOT NULL,
	"issue_amount" bigint NOT NULL,
	"sold_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"return_bps" integer,
	"profit_paid" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_status" CHECK ("funds"."status" in ('open', 'settled', 'cancelled')),
	CONSTRAINT "funds_returns" CHECK (0 <= "funds"."min_return_bps" and "funds"."min_return_bps" <= "funds"."max_return_bps" and "funds"."max_return_bps" <= 10000),
	CONSTRAINT "funds_period_positive" CHECK ("funds"."period_days" > 0),
	CONSTRAINT "funds_amounts" CHECK ("funds"."amount" > 0 and "funds"."issue_amount" >= "funds"."amount" and "funds"."issue_amount" % "funds"."amount" = 0),
	CONSTRAINT "funds_sold_within_issue" CHECK (0 <= "funds"."sold_amount" and "funds"."sold_amount" <= "funds"."issue_amount"),
	CONSTRAINT "funds_settled_return" CHECK ("funds"."return_bps" is null or "funds"."return_bps" between "funds"."min_return_bps" and "funds"."max_return_bps")
);
--> statement-breakpoint
CREATE TABLE "ipo_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"no" text NOT NULL,
	"ipo_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"count" integer NOT NULL,
	"price" double precision NOT NULL,
	"fx_rate" double precision NOT NULL,
	"settle_currency" text NOT NULL,
	"held" bigint NOT NULL,
	"hold_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"allotted" integer DEFAULT 0 NOT NULL,
	"captured" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"lot_order_id" integer,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_applications_no_unique" UNIQUE("no"),
	CONSTRAINT "ipo_applications_count_positive" CHECK ("ipo_applications"."count" > 0),
	CONSTRAINT "ipo_applications_held_positive" CHECK ("ipo_applications"."held" > 0),
	CONSTRAINT "ipo_applications_status" CHECK ("ipo_applications"."status" in (1, 2, 3)),
	CONSTRAINT "ipo_applications_allotted" CHECK ("ipo_applications"."allotted" >= 0 and "ipo_applications"."allotted" <= "ipo_applications"."count" and ("ipo_applications"."status" = 2) = ("ipo_applications"."allotted" > 0)),
	CONSTRAINT "ipo_applications_settled" CHECK (("ipo_applications"."status" = 1 and "ipo_applications"."settled_at" is null and "ipo_applications"."captured" = 0 and "ipo_applications"."released" = 0) or ("ipo_applications"."status" <> 1 and "ipo_applications"."settled_at" is not null and "ipo_applications"."captured" + "ipo_applications"."released" = "ipo_applications"."held"))
);
--> statement-breakpoint
CREATE TABLE "ipos" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"symbol" text NOT NULL,
	"company_name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'Upcoming' NOT NULL,
	"issue_price" double precision NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	"lot" integer DEFAULT 100 NOT NULL,
	"issue_start_date" date NOT NULL,
	"issue_end_date" date NOT NULL,
	"shares_offered" bigint,
	"shares_allotted" bigint,
	"draw_seed" text,
	"allotted_by" integer,
	"allotted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipos_status" CHECK ("ipos"."status" in ('Upcoming', 'Forthcoming', 'Closed', 'Allotted', 'Cancelled')),
	CONSTRAINT "ipos_issue_price_positive" CHECK ("ipos"."issue_price" > 0),
	CONSTRAINT "ipos_quantities" CHECK ("ipos"."lot" > 0 and (("ipos"."min" = 0 and "ipos"."max" = 0) or ("ipos"."min" > 0 and "ipos"."max" >= "ipos"."min")) and "ipos"."min" % "ipos"."lot" = 0 and "ipos"."max" % "ipos"."lot" = 0),
	CONSTRAINT "ipos_dates" CHECK ("ipos"."issue_end_date" >= "ipos"."issue_start_date"),
	CONSTRAINT "ipos_allotted" CHECK (("ipos"."status" = 'Allotted') = ("ipos"."allotted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "qualified_investors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"marked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_offer_orders" ADD CONSTRAINT "block_offer_orders_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_offer_orders" ADD CONSTRAINT "block_offer_orders_offer_id_block_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."block_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_offer_orders" ADD CONSTRAINT "block_offer_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_offers" ADD CONSTRAINT "block_offers_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_offers" ADD CONSTRAINT "block_offers_closed_by_operators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_orders" ADD CONSTRAINT "fund_orders_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_settled_by_operators_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_cancelled_by_operators_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_ipo_id_ipos_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_lot_order_id_trade_orders_id_fk" FOREIGN KEY ("lot_order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipos" ADD CONSTRAINT "ipos_allotted_by_operators_id_fk" FOREIGN KEY ("allotted_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipos" ADD CONSTRAINT "ipos_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualified_investors" ADD CONSTRAINT "qualified_investors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualified_investors" ADD CONSTRAINT "qualified_investors_marked_by_operators_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_offer_orders_offer_idx" ON "block_offer_orders" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "block_offers_mold_status_idx" ON "block_offers" USING btree ("mold","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_orders_user_key_unique" ON "fund_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fund_orders_user_idx" ON "fund_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fund_orders_fund_status_idx" ON "fund_orders" USING btree ("fund_id","status");--> statement-breakpoint
CREATE INDEX "funds_status_ends_idx" ON "funds" USING btree ("status","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_applications_ipo_user_unique" ON "ipo_applications" USING btree ("ipo_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_applications_user_key_unique" ON "ipo_applications" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ipo_applications_user_idx" ON "ipo_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ipo_applications_lot_idx" ON "ipo_applications" USING btree ("lot_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipos_live_symbol_unique" ON "ipos" USING btree ("symbol") WHERE "ipos"."status" not in ('Allotted', 'Cancelled');