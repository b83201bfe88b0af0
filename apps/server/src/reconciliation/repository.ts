import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ADMIN_PAGE_SIZE, normalizePaymentReference, statementMappingSchema, type StatementLineView, type StatementProposal } from "@vam/shared";
import type { Db } from "../db/client.js";
import { bookings, payments, statementImports, statementLines, statementMappings, users } from "../db/schema.js";
import type { ColumnMapping, StatementLine } from "../payments/public.js";

/** The reconciliation feature's SQL: imported statement lines, their proposals and confirmations, remembered mappings. */
export type StatementLineRow = typeof statementLines.$inferSelect;

/** How far back an unreferenced line looks for the one unpaid payment of its amount (decisions.md: 3 days). */
export const LIKELY_WINDOW_MS = 3 * 24 * 3600_000;
/** Rows a statement's lines are inserted by (16 parameters a row, under PostgreSQL's 65,535). */
const INSERT_BATCH = 2000;

/** The columns remembered for a layout (a stored mapping that no longer parses counts as none: the operator maps again). */
export async function savedMapping(db: Db, signature: string): Promise<ColumnMapping | undefined> {
  const [row] = await db.select().from(statementMappings).where(eq(statementMappings.headerSignature, signature));
  const parsed = statementMappingSchema.safeParse(row?.mapping);
  return parsed.success ? parsed.data : undefined;
}

export async function saveMapping(db: Db, signature: string, mapping: ColumnMapping, operatorId: string, now: Date) {
  await db
    .insert(statementMappings)
    .values({ headerSignature: signature, mapping, createdBy: operatorId, createdAt: now })
    .onConflictDoUpdate({ target: statementMappings.headerSignature, set: { mapping, createdBy: operatorId, createdAt: now } });
}

/** Of these fingerprints, the ones already imported. */
export async function importedFingerprints(db: Db, fingerprints: string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .select({ fingerprint: statementLines.fingerprint })
    .from(statementLines)
    .where(sql`${statementLines.fingerprint} = any(${sql.param(fingerprints)}::text[])`);
  return new Set(rows.map((row) => row.fingerprint));
}

/** What the matcher needs of a payment. */
export interface PaymentToMatch {
  id: string;
  reference: string;
  amountCentavos: number;
  createdAt: Date;
  state: "OPEN" | "UNVERIFIED" | "PAID" | "REJECTED";
  /** A statement line was already confirmed as this payment. */
  paidByLine: boolean;
}

/**
 * The payments lines may be proposed for: those their references name, and every payment waiting
 * for verification made in the window before the lines (the "likely" candidates).
 */
export async function paymentsToMatch(db: Db, references: string[], from: Date, to: Date): Promise<PaymentToMatch[]> {
  const rows = await db
    .select({
      id: payments.id,
      reference: payments.reference,
      amountCentavos: payments.amountCentavos,
      createdAt: payments.createdAt,
      state: payments.state,
      paidByLine: sql<boolean>`exists (select 1 from statement_lines l where l.payment_id = ${payments.id})`,
    })
    .from(payments)
    .where(
      or(
        references.length > 0 ? sql`${payments.reference} = any(${sql.param(references)}::text[])` : sql`false`,
        and(
          inArray(payments.state, ["OPEN", "UNVERIFIED"]),
          gte(payments.createdAt, new Date(from.getTime() - LIKELY_WINDOW_MS)),
          lte(payments.createdAt, to),
        ),
      ),
    );
  return rows;
}

export interface NewStatementLine extends StatementLine {
  proposal: StatementProposal;
  proposedPaymentId: string | null;
  differenceCentavos: number | null;
}

/** An import and its new lines; a line another import wrote meanwhile is skipped (its fingerprint is unique). Answers how many were written. */
export async function insertImport(
  db: Db,
  values: { fileName: string; layout: string; importedBy: string; lineCount: number; skippedCount: number; createdAt: Date },
  lines: NewStatementLine[],
): Promise<{ id: string; written: number }> {
  const [created] = await db.insert(statementImports).values(values).returning({ id: statementImports.id });
  // One JSON parameter a batch, unpacked by PostgreSQL (json_to_recordset): binding 12 parameters a
  // row through the embedded database's protocol cost about 1.5 s for 10,000 rows, this a fraction.
  let written = 0;
  for (let start = 0; start < lines.length; start += INSERT_BATCH) {
    const batch = lines.slice(start, start + INSERT_BATCH).map((line) => ({
      fingerprint: line.fingerprint,
      line_no: line.lineNo,
      posted_at: line.postedAt.toISOString(),
      amount_centavos: line.amountCentavos,
      reference: line.reference,
      bank_reference: line.bankReference,
      sender: line.sender,
      description: line.description,
      proposal: line.proposal,
      proposed_payment_id: line.proposedPaymentId,
      difference_centavos: line.differenceCentavos,
    }));
    const inserted = (await db.execute(sql`
      insert into statement_lines (import_id, fingerprint, line_no, posted_at, amount_centavos, reference, bank_reference, sender, description, proposal, proposed_payment_id, difference_centavos)
      select ${created!.id}::uuid, r.fingerprint, r.line_no, r.posted_at, r.amount_centavos, r.reference, r.bank_reference, r.sender, r.description, r.proposal::statement_proposal, r.proposed_payment_id, r.difference_centavos
      from json_to_recordset(${JSON.stringify(batch)}::json) as r(fingerprint text, line_no int, posted_at timestamptz, amount_centavos int, reference text, bank_reference text, sender text, description text, proposal text, proposed_payment_id uuid, difference_centavos int)
      on conflict (fingerprint) do nothing
      returning id`)) as { rows: unknown[] };
    written += inserted.rows.length;
  }
  return { id: created!.id, written };
}

export async function lineById(db: Db, id: string, { lock = false } = {}): Promise<StatementLineRow | undefined> {
  const query = db.select().from(statementLines).where(eq(statementLines.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** The open lines of one proposal that name a payment, oldest first: what "confirm all" goes through. */
export async function openLinesOf(db: Db, proposal: StatementProposal): Promise<string[]> {
  const rows = await db
    .select({ id: statementLines.id })
    .from(statementLines)
    .where(and(isNull(statementLines.confirmedAt), eq(statementLines.proposal, proposal), isNotNull(statementLines.proposedPaymentId)))
    .orderBy(asc(statementLines.postedAt), asc(statementLines.id));
  return rows.map((row) => row.id);
}

export async function markLineConfirmed(db: Db, lineId: string, paymentId: string, operatorId: string, now: Date) {
  await db.update(statementLines).set({ paymentId, confirmedBy: operatorId, confirmedAt: now }).where(eq(statementLines.id, lineId));
}

/** Whether a statement line was already confirmed as the payment (its proof). */
export async function hasProof(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db.select({ id: statementLines.id }).from(statementLines).where(eq(statementLines.paymentId, paymentId)).limit(1);
  return row !== undefined;
}

/** Whether the payment has bookings still waiting for verification. */
export async function hasWaitingBookings(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.paymentId, paymentId), eq(bookings.paymentStatus, "UNVERIFIED"), inArray(bookings.status, ["PENDING", "CONFIRMED"])));
  return (row?.n ?? 0) > 0;
}

const clients = alias(users, "client");
const confirmers = alias(users, "confirmer");

/** The console's list: open lines (proposals to confirm) or confirmed ones (each payment's proof), newest first, searchable by reference, sender or amount text. */
export async function linesPage(
  db: Db,
  { state, q, page, id }: { state?: "open" | "confirmed"; q?: string; page: number; id?: string },
): Promise<{ items: StatementLineView[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    state === "open" ? isNull(statementLines.confirmedAt) : state === "confirmed" ? isNotNull(statementLines.confirmedAt) : undefined,
    id ? eq(statementLines.id, id) : undefined,
  ];
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const reference = normalizePaymentReference(q);
    conditions.push(
      or(
        reference ? eq(statementLines.reference, reference) : undefined,
        reference ? eq(payments.reference, reference) : undefined,
        ilike(statementLines.description, like),
        ilike(statementLines.sender, like),
        ilike(statementLines.bankReference, like),
        ilike(payments.reference, like),
      ),
    );
  }
  const where = and(...conditions);
  const base = db
    .select({
      line: statementLines,
      fileName: statementImports.fileName,
      payment: payments,
      client: { firstName: clients.firstName, lastName: clients.lastName },
      confirmer: { firstName: confirmers.firstName, lastName: confirmers.lastName },
    })
    .from(statementLines)
    .innerJoin(statementImports, eq(statementImports.id, statementLines.importId))
    .leftJoin(payments, eq(payments.id, sql`coalesce(${statementLines.paymentId}, ${statementLines.proposedPaymentId})`))
    .leftJoin(clients, eq(clients.id, payments.clientId))
    .leftJoin(confirmers, eq(confirmers.id, statementLines.confirmedBy));
  const [rows, [count]] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(statementLines.postedAt), desc(statementLines.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(statementLines)
      .leftJoin(payments, eq(payments.id, sql`coalesce(${statementLines.paymentId}, ${statementLines.proposedPaymentId})`))
      .where(where),
  ]);
  const items = rows.map(({ line, fileName, payment, client, confirmer }) => ({
    id: line.id,
    lineNo: line.lineNo,
    fileName,
    postedAt: line.postedAt.toISOString(),
    amountCentavos: line.amountCentavos,
    reference: line.reference,
    bankReference: line.bankReference,
    sender: line.sender,
    description: line.description,
    proposal: line.proposal,
    differenceCentavos: line.differenceCentavos,
    payment: payment
      ? {
          id: payment.id,
          reference: payment.reference,
          amountCentavos: payment.amountCentavos,
          state: payment.state,
          clientName: client ? `${client.firstName} ${client.lastName}` : "",
          transferReference: payment.transferReference,
          createdAt: payment.createdAt.toISOString(),
        }
      : null,
    confirmedAt: line.confirmedAt?.toISOString() ?? null,
    confirmedBy: confirmer ? `${confirmer.firstName} ${confirmer.lastName}` : null,
  }));
  return { items, total: count?.n ?? 0 };
}

/** One line as the console shows it. */
export async function lineView(db: Db, id: string): Promise<StatementLineView | undefined> {
  return (await linesPage(db, { id, page: 1 })).items[0];
}
