import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { centavosOf, PAYMENT_REFERENCE_ALPHABET, PAYMENT_REFERENCE_LENGTH, PAYMENT_REFERENCE_PREFIX } from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, payments, platformSettings } from "../db/schema.js";

/**
 * The payments feature's SQL (decisions.md, "Money"): a payment is opened by the payment step,
 * attached to its bookings by "I have paid", and decided by an operator. Routes call these.
 */
export type PaymentRow = typeof payments.$inferSelect;

/** A fresh reference: "VA-" and 6 characters from the alphabet without look-alikes. */
export function newPaymentReference(): string {
  let code = "";
  for (let i = 0; i < PAYMENT_REFERENCE_LENGTH; i++) code += PAYMENT_REFERENCE_ALPHABET[randomInt(PAYMENT_REFERENCE_ALPHABET.length)];
  return PAYMENT_REFERENCE_PREFIX + code;
}

export interface PaymentChoice {
  clientId: string;
  consultantId: string;
  amountCentavos: number;
  dates: number;
  duration: number;
}

/**
 * The client's open payment for this choice, or a new one. Reopening the payment step (a reload,
 * Back and Continue, another slot after a refusal) shows the same reference, so a transfer made
 * with it still finds its booking.
 */
export async function openPayment(db: Db, choice: PaymentChoice, now: Date): Promise<PaymentRow> {
  const [open] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clientId, choice.clientId),
        eq(payments.consultantId, choice.consultantId),
        eq(payments.state, "OPEN"),
        eq(payments.amountCentavos, choice.amountCentavos),
        eq(payments.dates, choice.dates),
        eq(payments.duration, choice.duration),
      ),
    )
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  if (open) return open;
  return insertPayment(db, { ...choice, state: "OPEN", createdAt: now });
}

/** Inserts a payment under a fresh reference; a reference already taken (one in ~10^9) is drawn again, without aborting the transaction. */
export async function insertPayment(db: Db, values: Omit<typeof payments.$inferInsert, "reference">): Promise<PaymentRow> {
  for (;;) {
    const [row] = await db
      .insert(payments)
      .values({ ...values, reference: newPaymentReference() })
      .onConflictDoNothing({ target: payments.reference })
      .returning();
    if (row) return row;
  }
}

/** A payment by its reference (the row locked when `lock`), or undefined. */
export async function paymentByReference(db: Db, reference: string, { lock = false } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.reference, reference));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function paymentById(db: Db, id: string, { lock = false } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** "I have paid": the open payment now pays for bookings, and waits for an operator. */
export async function submitPayment(db: Db, paymentId: string, now: Date): Promise<PaymentRow> {
  const [row] = await db.update(payments).set({ state: "UNVERIFIED", submittedAt: now }).where(eq(payments.id, paymentId)).returning();
  return row!;
}

export async function setTransferReference(db: Db, paymentId: string, transferReference: string): Promise<void> {
  await db.update(payments).set({ transferReference }).where(eq(payments.id, paymentId));
}

/** An operator's decision on the payment itself (its bookings are updated by the caller, in the same transaction). */
export async function decidePaymentRow(db: Db, paymentId: string, state: "PAID" | "REJECTED", now: Date): Promise<void> {
  await db.update(payments).set({ state, decidedAt: now }).where(eq(payments.id, paymentId));
}

/** The payments of these ids, by id. */
export async function paymentsByIds(db: Db, ids: string[]): Promise<Map<string, PaymentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * How much of the unpaid cap a client holds: the payments still waiting for verification that pay
 * for at least one open booking (a weekly series is one), and those bookings' dates.
 */
export async function unpaidHoldOf(db: Db, clientId: string): Promise<{ payments: number; dates: number }> {
  const [row] = await db
    .select({ payments: sql<number>`count(distinct ${bookings.paymentId})::int`, dates: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), eq(bookings.paymentStatus, "UNVERIFIED"), inArray(bookings.status, ["PENDING", "CONFIRMED"])));
  return { payments: row?.payments ?? 0, dates: row?.dates ?? 0 };
}

/** A console setting's value, or undefined when none was saved. */
export async function readSetting<T>(db: Db, key: string): Promise<{ value: T; updatedAt: Date } | undefined> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row ? { value: row.value as T, updatedAt: row.updatedAt } : undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown, updatedBy: string, now: Date): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedBy, updatedAt: now } });
}

type BookingForPayment = Pick<
  typeof bookings.$inferInsert,
  "clientId" | "consultantId" | "price" | "duration" | "paymentStatus" | "paymentDecidedAt" | "createdAt" | "seriesId"
> & { id: string };

/**
 * Payments for bookings written directly (the demo data, benchmarks, tests), as the migration gave
 * existing ones: one per weekly series, one per single booking, its id the series' or the
 * booking's (what each row's `paymentId` must be), a fresh reference each.
 */
export function paymentsOfBookings(rows: BookingForPayment[]): (typeof payments.$inferInsert)[] {
  const groups = new Map<string, BookingForPayment[]>();
  for (const row of rows) {
    const key = row.seriesId ?? row.id;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const used = new Set<string>();
  return [...groups].map(([id, group]) => {
    let reference = newPaymentReference();
    while (used.has(reference)) reference = newPaymentReference();
    used.add(reference);
    const first = group[0]!;
    const createdAt = group.reduce((min, row) => (row.createdAt && row.createdAt < min ? row.createdAt : min), first.createdAt ?? new Date());
    const state = group.some((row) => row.paymentStatus === "PAID")
      ? "PAID"
      : group.every((row) => row.paymentStatus === "REJECTED")
        ? "REJECTED"
        : "UNVERIFIED";
    return {
      id,
      reference,
      clientId: first.clientId,
      consultantId: first.consultantId,
      amountCentavos: centavosOf(group.reduce((sum, row) => sum + row.price, 0)),
      dates: group.length,
      duration: first.duration,
      state,
      submittedAt: createdAt,
      decidedAt: group.find((row) => row.paymentDecidedAt)?.paymentDecidedAt ?? null,
      createdAt,
    } as const;
  });
}
