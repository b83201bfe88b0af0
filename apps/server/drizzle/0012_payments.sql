CREATE TYPE "public"."payment_state" AS ENUM('OPEN', 'UNVERIFIED', 'PAID', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."statement_proposal" AS ENUM('matched', 'amountDiffers', 'likely', 'paidTwice', 'unknown');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"client_id" uuid NOT NULL,
	"consultant_id" uuid NOT NULL,
	"amount_centavos" integer NOT NULL,
	"dates" integer DEFAULT 1 NOT NULL,
	"duration" integer NOT NULL,
	"state" "payment_state" DEFAULT 'OPEN' NOT NULL,
	"transfer_reference" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_check" CHECK ("payments"."reference" ~ '^VA-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$'),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"layout" text NOT NULL,
	"imported_by" uuid,
	"line_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"line_no" integer NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"amount_centavos" integer NOT NULL,
	"reference" text,
	"bank_reference" text,
	"sender" text,
	"description" text NOT NULL,
	"proposal" "statement_proposal" NOT NULL,
	"proposed_payment_id" uuid,
	"difference_centavos" integer,
	"payment_id" uuid,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"header_signature" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consultant_id_users_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_proposed_payment_id_payments_id_fk" FOREIGN KEY ("proposed_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_unverified_idx" ON "payments" USING btree ("created_at") WHERE "payments"."state" = 'UNVERIFIED';--> statement-breakpoint
CREATE INDEX "statement_imports_created_idx" ON "statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_fingerprint_idx" ON "statement_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id","line_no");--> statement-breakpoint
CREATE INDEX "statement_lines_open_idx" ON "statement_lines" USING btree ("posted_at") WHERE "statement_lines"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "statement_lines_payment_idx" ON "statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "statement_lines_proposed_idx" ON "statement_lines" USING btree ("proposed_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
-- Existing bookings get their payments: one per weekly series, one per single booking (the
-- payment's id is the series' or the booking's), each with a fresh reference drawn until unused.
DO $$
DECLARE
  g record;
  ref text;
BEGIN
  FOR g IN
    SELECT coalesce(series_id, id) AS key, (array_agg(client_id))[1] AS client_id, (array_agg(consultant_id))[1] AS consultant_id,
      sum(price)::int * 100 AS amount, count(*)::int AS dates, min(duration) AS duration, min(created_at) AS created_at,
      max(payment_decided_at) AS decided_at,
      CASE WHEN bool_or(payment_status = 'PAID') THEN 'PAID' WHEN bool_and(payment_status = 'REJECTED') THEN 'REJECTED' ELSE 'UNVERIFIED' END AS state
    FROM bookings GROUP BY coalesce(series_id, id)
  LOOP
    LOOP
      ref := 'VA-' || (SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 6));
      EXIT WHEN NOT EXISTS (SELECT 1 FROM payments WHERE reference = ref);
    END LOOP;
    INSERT INTO payments (id, reference, client_id, consultant_id, amount_centavos, dates, duration, state, submitted_at, decided_at, created_at)
    VALUES (g.key, ref, g.client_id, g.consultant_id, g.amount, g.dates, g.duration, g.state::payment_state, g.created_at, g.decided_at, g.created_at);
  END LOOP;
END $$;--> statement-breakpoint
UPDATE "bookings" SET "payment_id" = coalesce("series_id", "id");--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_payment_idx" ON "bookings" USING btree ("payment_id");