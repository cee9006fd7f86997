CREATE TABLE "crypto_candles" (
	"coin" text NOT NULL,
	"interval" text NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"open" numeric(24, 8) NOT NULL,
	"high" numeric(24, 8) NOT NULL,
	"low" numeric(24, 8) NOT NULL,
	"close" numeric(24, 8) NOT NULL,
	"volume" numeric(24, 2) NOT NULL,
	"close_step" bigint NOT NULL,
	CONSTRAINT "crypto_candles_coin_interval_t_pk" PRIMARY KEY("coin","interval","t")
);
--> statement-breakpoint
CREATE TABLE "crypto_coins" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"rank" smallint NOT NULL,
	"volatility" double precision NOT NULL,
	"daily_volume" numeric(20, 2) NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"step" bigint NOT NULL,
	"price_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_holdings" (
	"user_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"quantity" numeric(28, 8) NOT NULL,
	"reserved" numeric(28, 8) DEFAULT '0' NOT NULL,
	"avg_price" numeric(24, 8) NOT NULL,
	CONSTRAINT "crypto_holdings_user_id_coin_pk" PRIMARY KEY("user_id","coin"),
	CONSTRAINT "crypto_holdings_quantity_check" CHECK ("crypto_holdings"."reserved" >= 0 and "crypto_holdings"."quantity" >= "crypto_holdings"."reserved")
);
--> statement-breakpoint
CREATE TABLE "crypto_icos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"group" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"date" date NOT NULL,
	"ribbon_number" smallint,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "crypto_icos_group_check" CHECK ("crypto_icos"."group" in ('Active', 'Ended', 'Upcoming', 'Trading'))
);
--> statement-breakpoint
CREATE TABLE "crypto_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(28, 8) NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"avg_price" numeric(24, 8),
	"order_value" numeric(20, 2) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "crypto_orders_type_check" CHECK ("crypto_orders"."type" in ('Buy', 'Sell')),
	CONSTRAINT "crypto_orders_kind_check" CHECK ("crypto_orders"."kind" in ('market', 'limit')),
	CONSTRAINT "crypto_orders_status_check" CHECK ("crypto_orders"."status" in ('Successful', 'Cancelled', 'Pending')),
	CONSTRAINT "crypto_orders_quantity_check" CHECK ("crypto_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_prices" (
	"step" bigint NOT NULL,
	"coin" text NOT NULL,
	"price" numeric(24, 8) NOT NULL,
	"volume" numeric(20, 2) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "crypto_prices_step_coin_pk" PRIMARY KEY("step","coin")
);
--> statement-breakpoint
CREATE TABLE "crypto_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"amount_usd" numeric(20, 2) NOT NULL,
	"status" text NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_address" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_transactions_type_check" CHECK ("crypto_transactions"."type" in ('Deposit', 'Withdraw')),
	CONSTRAINT "crypto_transactions_status_check" CHECK ("crypto_transactions"."status" in ('Processing', 'Success', 'Failed')),
	CONSTRAINT "crypto_transactions_amount_check" CHECK ("crypto_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"cash" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cash_reserved" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_wallets_cash_check" CHECK ("crypto_wallets"."cash_reserved" >= 0 and "crypto_wallets"."cash" >= "crypto_wallets"."cash_reserved")
);
--> statement-breakpoint
CREATE TABLE "crypto_watchlist" (
	"user_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_watchlist_user_id_coin_pk" PRIMARY KEY("user_id","coin")
);
--> statement-breakpoint
ALTER TABLE "crypto_candles" ADD CONSTRAINT "crypto_candles_coin_crypto_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."crypto_coins"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_holdings" ADD CONSTRAINT "crypto_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_holdings" ADD CONSTRAINT "crypto_holdings_coin_crypto_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."crypto_coins"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_orders" ADD CONSTRAINT "crypto_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_orders" ADD CONSTRAINT "crypto_orders_coin_crypto_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."crypto_coins"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_prices" ADD CONSTRAINT "crypto_prices_coin_crypto_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."crypto_coins"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_transactions" ADD CONSTRAINT "crypto_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_watchlist" ADD CONSTRAINT "crypto_watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_watchlist" ADD CONSTRAINT "crypto_watchlist_coin_crypto_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."crypto_coins"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crypto_icos_group_idx" ON "crypto_icos" USING btree ("group","date");--> statement-breakpoint
CREATE INDEX "crypto_icos_label_idx" ON "crypto_icos" USING btree ("label");--> statement-breakpoint
CREATE INDEX "crypto_icos_date_idx" ON "crypto_icos" USING btree ("date");--> statement-breakpoint
CREATE INDEX "crypto_icos_amount_idx" ON "crypto_icos" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "crypto_icos_rating_idx" ON "crypto_icos" USING btree ("rating");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_date_idx" ON "crypto_orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_coin_idx" ON "crypto_orders" USING btree ("user_id","coin","id");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_type_idx" ON "crypto_orders" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_status_idx" ON "crypto_orders" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_quantity_idx" ON "crypto_orders" USING btree ("user_id","quantity","id");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_price_idx" ON "crypto_orders" USING btree ("user_id","price","id");--> statement-breakpoint
CREATE INDEX "crypto_orders_user_value_idx" ON "crypto_orders" USING btree ("user_id","order_value","id");--> statement-breakpoint
CREATE INDEX "crypto_orders_pending_idx" ON "crypto_orders" USING btree ("coin","type","price") WHERE "crypto_orders"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_date_idx" ON "crypto_transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_type_idx" ON "crypto_transactions" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_status_idx" ON "crypto_transactions" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_currency_idx" ON "crypto_transactions" USING btree ("user_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_amount_idx" ON "crypto_transactions" USING btree ("user_id","amount","id");--> statement-breakpoint
CREATE INDEX "crypto_transactions_user_usd_idx" ON "crypto_transactions" USING btree ("user_id","amount_usd","id");