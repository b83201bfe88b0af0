import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TIME_ZONE, type JournalKind, type PayoutDestination, type PayoutLineState } from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, journalEntries, journalLines, ledgerAccounts, payoutLines, users } from "../db/schema.js";
import { accountByCode, balanceBefore, balanceOf, normalSign, personalCode, PLATFORM_ACCOUNTS } from "../ledger/public.js";

/**
 * The SQL of a payee's earnings (decisions.md, "Cancelling, refunds, fees and payouts"): their
 * PAYABLE account on the ledger (what the platform owes them), its lines with the booking, client
 * and payout each came from, their payout lines, and the paid bookings not completed yet.
 */

const clients = alias(users, "client");

/** One line of a payee's PAYABLE account, with what it came from. */
export interface PayableLine {
  entryNumber: number;
  kind: JournalKind;
  memo: string;
  postedAt: Date;
  bookingId: string | null;
  /** In the payee's direction: earned positive, paid out negative. */
  amountCentavos: number;
  /** The platform's fee taken in the same entry (a completion or a late cancellation); 0 otherwise. */
  feeCentavos: number;
  booking: { startsAt: Date; duration: number; clientName: string } | null;
  payout: { state: PayoutLineState; transferReference: string | null; destination: PayoutDestination } | null;
}

/** The payee's PAYABLE account, or undefined before anything was ever posted to it. */
export const payableAccount = (db: Db, userId: string) => accountByCode(db, personalCode("PAYABLE", userId));

/**
 * The account's lines, newest first (`order: "desc"`, at most `limit`) or oldest first, within
 * [from, to) when given; each with its booking and client, its payout line, and the entry's fee.
 */
export async function payableLines(
  db: Db,
  accountId: string,
  { from, to, limit, order }: { from?: Date; to?: Date; limit?: number; order: "asc" | "desc" },
): Promise<PayableLine[]> {
  const direction = order === "asc" ? asc : desc;
  const query = db
    .select({
      entryId: journalEntries.id,
      entryNumber: journalEntries.number,
      kind: journalEntries.kind,
      memo: journalEntries.memo,
      postedAt: journalEntries.postedAt,
      bookingId: journalEntries.bookingId,
      amount: journalLines.amountCentavos,
      startsAt: bookings.startsAt,
      duration: bookings.duration,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      payoutState: payoutLines.state,
      transferReference: payoutLines.transferReference,
      destination: payoutLines.destination,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .leftJoin(bookings, eq(bookings.id, journalEntries.bookingId))
    .leftJoin(clients, eq(clients.id, bookings.clientId))
    .leftJoin(payoutLines, eq(payoutLines.id, journalEntries.payoutLineId))
    .where(
      and(
        eq(journalLines.accountId, accountId),
        from ? gte(journalEntries.postedAt, from) : undefined,
        to ? lt(journalEntries.postedAt, to) : undefined,
      ),
    )
    .orderBy(direction(journalEntries.postedAt), direction(journalEntries.number));
  const rows = await (limit === undefined ? query : query.limit(limit));
  const fees = await feesOfEntries(
    db,
    rows.map((row) => row.entryId),
  );
  // A PAYABLE account is credit-normal: what the platform owes is a credit, shown positive.
  const sign = normalSign("PAYABLE");
  return rows.map((row) => ({
    entryNumber: row.entryNumber,
    kind: row.kind,
    memo: row.memo,
    postedAt: row.postedAt,
    bookingId: row.bookingId,
    amountCentavos: sign * row.amount,
    feeCentavos: fees.get(row.entryId) ?? 0,
    booking:
      row.startsAt && row.duration !== null
        ? { startsAt: row.startsAt, duration: row.duration, clientName: `${row.clientFirst ?? ""} ${row.clientLast ?? ""}`.trim() }
        : null,
    payout: row.payoutState
      ? { state: row.payoutState, transferReference: row.transferReference, destination: row.destination as PayoutDestination }
      : null,
  }));
}

/** The platform's fee taken in each entry: its lines on the "fees" account (credits), as a positive sum. */
async function feesOfEntries(db: Db, entryIds: string[]): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: journalLines.entryId, fee: sql<string>`-sum(${journalLines.amountCentavos})` })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(ledgerAccounts.code, PLATFORM_ACCOUNTS.fees), inArray(journalLines.entryId, entryIds)))
    .groupBy(journalLines.entryId);
  return new Map(rows.map((row) => [row.entryId, Number(row.fee)]));
}

/** Months (yyyy-MM, Manila) in which the account has lines, newest first. */
export async function monthsWithLines(db: Db, accountId: string): Promise<string[]> {
  // The zone written into the statement (a constant), so that ORDER BY sees the selected expression itself.
  const month = sql<string>`to_char(${journalEntries.postedAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;
  const rows = await db
    .selectDistinct({ month })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalLines.accountId, accountId))
    .orderBy(desc(month));
  return rows.map((row) => row.month);
}

/** The payee's payout lines by state: PENDING (being sent) and SENT (paid out) sums. */
export async function payoutTotals(db: Db, userId: string): Promise<Record<PayoutLineState, number>> {
  const rows = await db
    .select({ state: payoutLines.state, sum: sql<string>`coalesce(sum(${payoutLines.amountCentavos}), 0)` })
    .from(payoutLines)
    .where(and(eq(payoutLines.payeeId, userId), eq(payoutLines.kind, "PAYOUT")))
    .groupBy(payoutLines.state);
  const totals: Record<PayoutLineState, number> = { PENDING: 0, SENT: 0, FAILED: 0 };
  for (const row of rows) totals[row.state] = Number(row.sum);
  return totals;
}

/** The assistant's paid bookings not completed yet (PENDING or CONFIRMED), earliest first, with the client's name. */
export async function paidUpcoming(db: Db, consultantId: string) {
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      price: bookings.price,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
    })
    .from(bookings)
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .where(and(eq(bookings.consultantId, consultantId), eq(bookings.paymentStatus, "PAID"), inArray(bookings.status, ["PENDING", "CONFIRMED"])))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((row) => ({ id: row.id, startsAt: row.startsAt, price: row.price, clientName: `${row.clientFirst} ${row.clientLast}` }));
}

/** The available balance: what the PAYABLE account holds now. */
export const availableBalance = (db: Db, userId: string) => balanceOf(db, { kind: "PAYABLE", userId });

/** The balance before an instant (a statement's opening), 0 for an account that does not exist yet. */
export const payableBalanceBefore = (db: Db, accountId: string, before: Date) => balanceBefore(db, accountId, "PAYABLE", before);
