-- The daylight-saving notices sent (decisions.md "Time zones"): one per client and clock change, its primary key
-- inserted with the notification and the email, so that no sweep or instance sends it twice.
CREATE TABLE "daylight_saving_notices" (
	"user_id" uuid NOT NULL,
	"change_at" timestamp with time zone NOT NULL,
	"dates" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daylight_saving_notices_user_id_change_at_pk" PRIMARY KEY("user_id","change_at")
);
--> statement-breakpoint
ALTER TABLE "daylight_saving_notices" ADD CONSTRAINT "daylight_saving_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;