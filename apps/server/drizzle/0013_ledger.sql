CREATE TYPE "public"."journal_kind" AS ENUM('PAYMENT_RECEIVED', 'OVERPAYMENT', 'BOOKING_COMPLETED', 'REFERRAL_REWARD', 'BOOKING_REFUNDED', 'LATE_CANCELLATION', 'PAYOUT_BATCHED', 'PAYOUT_SENT', 'PAYOUT_FAILED', 'REFUND_BATCHED', 'REFUND_SENT', 'REFUND_FAILED', 'OPENING_BALANCE');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('CASH', 'CLIENT_HELD', 'FEE_INCOME', 'REFERRAL_EXPENSE', 'PAYABLE', 'REFUNDS_DUE', 'PAYOUTS_IN_TRANSIT', 'REFUNDS_IN_TRANSIT');--> statement-breakpoint
CREATE TYPE "public"."payout_kind" AS ENUM('PAYOUT', 'REFUND');--> statement-breakpoint
CREATE TYPE "public"."payout_line_state" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payout_method" AS ENUM('GCASH', 'MAYA', 'BANK');--> statement-breakpoint
CREATE TYPE "public"."refund_reason" AS ENUM('CLIENT_CANCELLED', 'CLIENT_CANCELLED_LATE', 'CONSULTANT_CANCELLED', 'OPERATOR_CANCELLED', 'NOT_ACCEPTED', 'OVERPAID', 'PAID_TWICE', 'PAID_CLOSED');--> statement-breakpoint
CREATE TYPE "public"."refund_state" AS ENUM('DUE', 'SENDING', 'SENT');--> statement-breakpoint
ALTER TYPE "public"."cancel_reason" ADD VALUE 'OPERATOR';--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "journal_kind" NOT NULL,
	"event_key" text NOT NULL,
	"memo" text NOT NULL,
	"booking_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"payout_line_id" uuid,
	"actor_id" uuid,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_centavos" bigint NOT NULL,
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."amount_centavos" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" "payout_method" NOT NULL,
	"bank_name" text,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_bank_check" CHECK (("payout_accounts"."method" = 'BANK') = ("payout_accounts"."bank_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "payout_kind" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" "payout_kind" NOT NULL,
	"payee_id" uuid,
	"account_id" uuid NOT NULL,
	"refund_id" uuid,
	"amount_centavos" integer NOT NULL,
	"destination" jsonb NOT NULL,
	"state" "payout_line_state" DEFAULT 'PENDING' NOT NULL,
	"transfer_reference" text,
	"failure_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payout_lines_amount_check" CHECK ("payout_lines"."amount_centavos" > 0),
	CONSTRAINT "payout_lines_refund_check" CHECK (("payout_lines"."kind" = 'REFUND') = ("payout_lines"."refund_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_centavos" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"booking_id" uuid,
	"payment_id" uuid,
	"amount_centavos" integer NOT NULL,
	"reason" "refund_reason" NOT NULL,
	"state" "refund_state" DEFAULT 'DUE' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_centavos" > 0)
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_payout_line_id_payout_lines_id_fk" FOREIGN KEY ("payout_line_id") REFERENCES "public"."payout_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_event_idx" ON "journal_entries" USING btree ("event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_number_idx" ON "journal_entries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "journal_entries_posted_idx" ON "journal_entries" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "journal_entries_booking_idx" ON "journal_entries" USING btree ("booking_id") WHERE "journal_entries"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_id","entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_idx" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "payout_lines_batch_idx" ON "payout_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payee_idx" ON "payout_lines" USING btree ("payee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_pending_account_idx" ON "payout_lines" USING btree ("account_id") WHERE "payout_lines"."state" = 'PENDING' and "payout_lines"."kind" = 'PAYOUT';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_pending_refund_idx" ON "payout_lines" USING btree ("refund_id") WHERE "payout_lines"."state" = 'PENDING' and "payout_lines"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_idx" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_idx" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_client_idx" ON "refunds" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id") WHERE "refunds"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."state" = 'DUE';--> statement-breakpoint
-- Hand-written (decision 0020): every journal entry balances, checked by the database at commit.
CREATE FUNCTION "journal_entry_check"(entry uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  line_count integer;
BEGIN
  SELECT COALESCE(SUM("amount_centavos"), 0), COUNT(*) INTO total, line_count FROM "journal_lines" WHERE "entry_id" = entry;
  IF line_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: % lines summing to % centavos', entry, line_count, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balanced';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "journal_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "journal_entry_check"(NEW."entry_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "journal_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "journal_entry_check"(NEW."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balanced" AFTER INSERT ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_lines_balanced"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balanced" AFTER INSERT ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entries_balanced"();
--> statement-breakpoint
-- The journal is written once: lines never change or go; an entry keeps what it says (only its
-- links to a deleted booking, payment, refund or line may turn null).
CREATE FUNCTION "journal_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_TABLE_NAME = 'journal_lines' THEN
    RAISE EXCEPTION 'the journal is append-only: % of % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."event_key" IS DISTINCT FROM OLD."event_key" OR NEW."memo" IS DISTINCT FROM OLD."memo"
     OR NEW."posted_at" IS DISTINCT FROM OLD."posted_at" OR NEW."number" IS DISTINCT FROM OLD."number" THEN
    RAISE EXCEPTION 'the journal is append-only: an entry cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_lines_immutable" BEFORE UPDATE OR DELETE ON "journal_lines" FOR EACH ROW EXECUTE FUNCTION "journal_immutable"();
--> statement-breakpoint
CREATE TRIGGER "journal_entries_immutable" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "journal_immutable"();
--> statement-breakpoint
-- The platform's own accounts.
INSERT INTO "ledger_accounts" ("code", "kind", "name") VALUES
  ('cash', 'CASH', 'Receiving account (cash)'),
  ('held', 'CLIENT_HELD', 'Client money held'),
  ('fees', 'FEE_INCOME', 'Platform fee income'),
  ('rewards', 'REFERRAL_EXPENSE', 'Referral rewards'),
  ('payouts-in-transit', 'PAYOUTS_IN_TRANSIT', 'Payouts being sent'),
  ('refunds-in-transit', 'REFUNDS_IN_TRANSIT', 'Refunds being sent');
--> statement-breakpoint
-- The ledger of what happened before it existed (and of demo data inserted in bulk): each PAID
-- payment received into cash and held; each completed date of a paid payment split into the
-- platform's fee and the assistant's payable; each referral reward paid; each cancelled date of a
-- paid payment owed back in full; and each paid payment's receipt. Idempotent: what exists is skipped.
CREATE FUNCTION "ledger_backfill"(fee_percent integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cash_id uuid := (SELECT "id" FROM "ledger_accounts" WHERE "code" = 'cash');
  held_id uuid := (SELECT "id" FROM "ledger_accounts" WHERE "code" = 'held');
  fees_id uuid := (SELECT "id" FROM "ledger_accounts" WHERE "code" = 'fees');
  rewards_id uuid := (SELECT "id" FROM "ledger_accounts" WHERE "code" = 'rewards');
BEGIN
  INSERT INTO "ledger_accounts" ("code", "kind", "owner_id", "name")
  SELECT 'payable:' || u."id", 'PAYABLE', u."id", 'Payable to ' || u."first_name" || ' ' || u."last_name"
  FROM "users" u
  WHERE u."id" IN (
    SELECT b."consultant_id" FROM "bookings" b JOIN "payments" p ON p."id" = b."payment_id" WHERE b."status" = 'COMPLETED' AND p."state" = 'PAID'
    UNION SELECT "earner_id" FROM "referral_rewards")
  ON CONFLICT ("code") DO NOTHING;

  INSERT INTO "ledger_accounts" ("code", "kind", "owner_id", "name")
  SELECT 'refunds-due:' || u."id", 'REFUNDS_DUE', u."id", 'Refunds due to ' || u."first_name" || ' ' || u."last_name"
  FROM "users" u
  WHERE u."id" IN (SELECT b."client_id" FROM "bookings" b JOIN "payments" p ON p."id" = b."payment_id" WHERE b."status" = 'CANCELLED' AND p."state" = 'PAID')
  ON CONFLICT ("code") DO NOTHING;

  WITH e AS (
    INSERT INTO "journal_entries" ("kind", "event_key", "memo", "payment_id", "posted_at")
    SELECT 'PAYMENT_RECEIVED', 'received:' || p."id", 'Payment ' || p."reference" || ' received', p."id", COALESCE(p."decided_at", p."created_at")
    FROM "payments" p WHERE p."state" = 'PAID'
    ON CONFLICT ("event_key") DO NOTHING
    RETURNING "id", "payment_id")
  INSERT INTO "journal_lines" ("entry_id", "account_id", "amount_centavos")
  SELECT e."id", v.account, v.amount
  FROM e JOIN "payments" p ON p."id" = e."payment_id"
  CROSS JOIN LATERAL (VALUES (cash_id, p."amount_centavos"::bigint), (held_id, -p."amount_centavos"::bigint)) AS v(account, amount);

  WITH e AS (
    INSERT INTO "journal_entries" ("kind", "event_key", "memo", "booking_id", "payment_id", "posted_at")
    SELECT 'BOOKING_COMPLETED', 'completed:' || b."id", 'Booking completed (' || p."reference" || ')', b."id", p."id", COALESCE(b."completed_at", b."ends_at")
    FROM "bookings" b JOIN "payments" p ON p."id" = b."payment_id"
    WHERE b."status" = 'COMPLETED' AND p."state" = 'PAID'
    ON CONFLICT ("event_key") DO NOTHING
    RETURNING "id", "booking_id")
  INSERT INTO "journal_lines" ("entry_id", "account_id", "amount_centavos")
  SELECT e."id", v.account, v.amount
  FROM e JOIN "bookings" b ON b."id" = e."booking_id"
  CROSS JOIN LATERAL (SELECT (b."price"::bigint * 100 * fee_percent + 50) / 100 AS fee) f
  CROSS JOIN LATERAL (VALUES
    (held_id, b."price"::bigint * 100),
    (fees_id, -f.fee),
    ((SELECT "id" FROM "ledger_accounts" WHERE "code" = 'payable:' || b."consultant_id"), f.fee - b."price"::bigint * 100)) AS v(account, amount)
  WHERE v.amount <> 0;

  WITH e AS (
    INSERT INTO "journal_entries" ("kind", "event_key", "memo", "booking_id", "posted_at")
    SELECT 'REFERRAL_REWARD', 'reward:' || r."booking_id", 'Referral reward', r."booking_id", r."created_at"
    FROM "referral_rewards" r
    ON CONFLICT ("event_key") DO NOTHING
    RETURNING "id", "booking_id")
  INSERT INTO "journal_lines" ("entry_id", "account_id", "amount_centavos")
  SELECT e."id", v.account, v.amount
  FROM e JOIN "referral_rewards" r ON r."booking_id" = e."booking_id"
  CROSS JOIN LATERAL (VALUES
    (rewards_id, r."amount"::bigint * 100),
    ((SELECT "id" FROM "ledger_accounts" WHERE "code" = 'payable:' || r."earner_id"), -r."amount"::bigint * 100)) AS v(account, amount);

  WITH r AS (
    INSERT INTO "refunds" ("client_id", "booking_id", "payment_id", "amount_centavos", "reason", "created_at")
    SELECT b."client_id", b."id", p."id", b."price" * 100,
      (CASE b."cancel_reason" WHEN 'CLIENT' THEN 'CLIENT_CANCELLED' WHEN 'CONSULTANT' THEN 'CONSULTANT_CANCELLED'
        WHEN 'NOT_ACCEPTED' THEN 'NOT_ACCEPTED' ELSE 'OPERATOR_CANCELLED' END)::"refund_reason",
      b."updated_at"
    FROM "bookings" b JOIN "payments" p ON p."id" = b."payment_id"
    WHERE b."status" = 'CANCELLED' AND p."state" = 'PAID'
      AND NOT EXISTS (SELECT 1 FROM "journal_entries" j WHERE j."event_key" = 'refunded:' || b."id")
    RETURNING "id", "booking_id", "client_id", "amount_centavos", "created_at"),
  e AS (
    INSERT INTO "journal_entries" ("kind", "event_key", "memo", "booking_id", "refund_id", "posted_at")
    SELECT 'BOOKING_REFUNDED', 'refunded:' || r."booking_id", 'Cancelled booking refunded in full', r."booking_id", r."id", r."created_at"
    FROM r
    RETURNING "id", "refund_id")
  INSERT INTO "journal_lines" ("entry_id", "account_id", "amount_centavos")
  SELECT e."id", v.account, v.amount
  FROM e JOIN r ON r."id" = e."refund_id"
  CROSS JOIN LATERAL (VALUES
    (held_id, r."amount_centavos"::bigint),
    ((SELECT "id" FROM "ledger_accounts" WHERE "code" = 'refunds-due:' || r."client_id"), -r."amount_centavos"::bigint)) AS v(account, amount);

  -- Each paid payment's acknowledgement receipt, numbered after the last one in the order the payments were verified.
  INSERT INTO "receipts" ("number", "payment_id", "amount_centavos", "issued_at")
  SELECT (SELECT COALESCE(MAX("number"), 0) FROM "receipts") + ROW_NUMBER() OVER (ORDER BY COALESCE(p."decided_at", p."created_at"), p."id"),
    p."id", p."amount_centavos", COALESCE(p."decided_at", p."created_at")
  FROM "payments" p
  WHERE p."state" = 'PAID' AND NOT EXISTS (SELECT 1 FROM "receipts" r WHERE r."payment_id" = p."id");
END $$;
--> statement-breakpoint
SELECT "ledger_backfill"(10);
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "money_earned";
