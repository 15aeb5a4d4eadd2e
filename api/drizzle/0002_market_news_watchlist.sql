CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subhead" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"seed_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "news_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "price_history_pk" PRIMARY KEY("symbol","day"),
	CONSTRAINT "price_history_ohlc_check" CHECK ("price_history"."low" > 0 and "price_history"."low" <= least("price_history"."open", "price_history"."close") and "price_history"."high" >= greatest("price_history"."open", "price_history"."close") and "price_history"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_live_created_idx" ON "news" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "news"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_user_symbol_unique" ON "watchlist" USING btree ("user_id","symbol");--> statement-breakpoint
CREATE INDEX "watchlist_user_created_idx" ON "watchlist" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);