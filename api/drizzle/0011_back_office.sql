CREATE TABLE "four_eyes_approvals" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "four_eyes_approvals_kind_record_id_pk" PRIMARY KEY("kind","record_id"),
	CONSTRAINT "four_eyes_approvals_kind" CHECK ("four_eyes_approvals"."kind" in ('withdrawal', 'loan'))
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "four_eyes_approvals" ADD CONSTRAINT "four_eyes_approvals_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role" CHECK ("operators"."role" in ('support', 'finance', 'products', 'admin'));