import type { FastifyInstance } from "fastify";
import {
  MSG,
  formatCentavos,
  type LedgerAccountKind,
  type PayoutBatchView,
  type PayoutDestination,
  type PayoutKind,
  type PayoutLineDecision,
  type PayoutOverview,
  payoutDestinationText,
} from "@vam/shared";
import { recordAudit } from "../audit/record.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { queueEmails, siteUrl } from "../email/public.js";
import { conflict, notFound } from "../http/errors.js";
import { accountById, type AccountRef, personalCode, postEntry } from "../ledger/public.js";
import { announce, createNotification, type NotificationRow } from "../notifications/public.js";
import { type PayoutAccountRow, payoutDestination, payoutHeldUntil } from "../payout-accounts/public.js";
import { transferEmail, transferText, transferTitle } from "./notices.js";
import {
  batchById,
  batchSummaries,
  decideLine,
  dueRefunds,
  insertBatch,
  insertLines,
  lineById,
  linesWithParties,
  lockBatchRuns,
  markRefundsSending,
  payableBalances,
  payeeOf,
  setRefundState,
  type LineWithParties,
  type NewPayoutLine,
} from "./repository.js";

/**
 * Payouts and refunds (decisions.md, "Cancelling, refunds, fees and payouts"): an operator runs a
 * batch of every balance (or refund) ready to send, makes the transfers from the bank file, and
 * marks each line sent with the transfer's reference, or failed. Every move of money is a
 * balanced journal entry in the transaction of the row it changes (decision 0020):
 *
 * - batched: Dr payable (refunds due), Cr payouts (refunds) in transit: the money leaves the balance;
 * - sent:    Dr in transit, Cr cash: it left the platform's account;
 * - failed:  Dr in transit, Cr payable (refunds due): it is back in the balance, for the next batch.
 */

/** What the batch operations read of the app (a Fastify instance has it). */
export interface PayoutSettings {
  config: Pick<Config, "payoutMinimumCentavos">;
}

/** Who acts: the operator's id. */
export interface Operator {
  id: string;
}

type Waiting = PayoutOverview["waiting"][number];
type Ready = PayoutOverview["ready"][number] & { accountId: string; refundId: string | null; payoutAccount: PayoutAccountRow };

/** Why money waits instead of going out now: no account to send to, or one changed too recently (held until). */
function accountWait(account: PayoutAccountRow | null, now: Date): Pick<Waiting, "why" | "heldUntil"> | null {
  if (!account) return { why: "noAccount", heldUntil: null };
  const heldUntil = payoutHeldUntil(account, now);
  return heldUntil ? { why: "accountChanged", heldUntil: heldUntil.toISOString() } : null;
}

/**
 * Sorts what a payout batch would pay now from what waits. A balance below the minimum waits
 * first of all (it would not be paid even with an account); a balance with a line still PENDING
 * is in neither list: it waits for that line to be marked.
 */
async function payoutsNow(db: Db, minimum: number, now: Date) {
  const ready: Ready[] = [];
  const waiting: Waiting[] = [];
  for (const balance of await payableBalances(db)) {
    if (balance.pending) continue;
    const base = { payeeId: balance.ownerId, name: balance.name, amountCentavos: balance.amountCentavos };
    const wait = balance.amountCentavos < minimum ? { why: "belowMinimum" as const, heldUntil: null } : accountWait(balance.payoutAccount, now);
    if (wait) waiting.push({ ...base, ...wait });
    else
      ready.push({
        ...base,
        accountId: balance.accountId,
        refundId: null,
        payoutAccount: balance.payoutAccount!,
        destination: payoutDestination(balance.payoutAccount!),
      });
  }
  return { ready, waiting };
}

/** Sorts the refunds due: each goes out on its own as soon as its client has a refund account not on hold. */
async function refundsNow(db: Db, now: Date) {
  const ready: Ready[] = [];
  const waiting: Waiting[] = [];
  for (const refund of await dueRefunds(db)) {
    const base = { payeeId: refund.clientId, name: refund.name, amountCentavos: refund.amountCentavos };
    const wait = accountWait(refund.payoutAccount, now);
    // A refund never posted to the ledger has no source account: it cannot be batched (it shows as waiting).
    if (wait || !refund.accountId) waiting.push({ ...base, ...(wait ?? { why: "noAccount", heldUntil: null }) });
    else
      ready.push({
        ...base,
        accountId: refund.accountId,
        refundId: refund.refundId,
        payoutAccount: refund.payoutAccount!,
        destination: payoutDestination(refund.payoutAccount!),
      });
  }
  return { ready, waiting };
}

const strip = ({ payeeId, name, amountCentavos, destination }: Ready) => ({ payeeId, name, amountCentavos, destination });

/** `GET /admin/payouts` or `/admin/refunds`: what a batch run now would include, what waits and why, and the batches. */
export async function payoutOverview(db: Db, settings: PayoutSettings, kind: PayoutKind, now: Date): Promise<PayoutOverview> {
  const [sorted, batches] = await Promise.all([
    kind === "PAYOUT" ? payoutsNow(db, settings.config.payoutMinimumCentavos, now) : refundsNow(db, now),
    batchSummaries(db, { kind }),
  ]);
  return { kind, ready: sorted.ready.map(strip), waiting: sorted.waiting, batches };
}

/** A batch with its lines, in the order of its bank file; undefined when there is none. */
export async function batchView(db: Db, batchId: string): Promise<PayoutBatchView | undefined> {
  const [summary] = await batchSummaries(db, { id: batchId });
  if (!summary) return undefined;
  const lines = await linesWithParties(db, { batchId });
  return { ...summary, lines: lines.map(lineView) };
}

const lineView = ({ batchId: _batch, accountId: _account, ...line }: LineWithParties) => line;

const KIND_WORD: Record<PayoutKind, string> = { PAYOUT: "Payout", REFUND: "Refund" };
const IN_TRANSIT: Record<PayoutKind, AccountRef> = { PAYOUT: "payoutsInTransit", REFUND: "refundsInTransit" };
const SOURCE_KIND: Record<PayoutKind, Extract<LedgerAccountKind, "PAYABLE" | "REFUNDS_DUE">> = { PAYOUT: "PAYABLE", REFUND: "REFUNDS_DUE" };

/** The ledger account a line's money comes from, as postings name it (from its code: its owner may be gone). */
async function sourceOf(tx: Db, kind: PayoutKind, accountId: string): Promise<AccountRef> {
  const account = await accountById(tx, accountId);
  const sourceKind = SOURCE_KIND[kind];
  const prefix = personalCode(sourceKind, "");
  if (!account || account.kind !== sourceKind || !account.code.startsWith(prefix)) {
    throw new Error(`Payout line account ${accountId} is no ${sourceKind} account`);
  }
  return { kind: sourceKind, userId: account.code.slice(prefix.length) };
}

/**
 * Runs a batch of `kind` in the caller's transaction. A transaction-scoped advisory lock makes it
 * the only batch run of its kind on any instance until commit; what is ready is then read in one
 * statement, and each line takes exactly that amount out of the balance (a booking completing at
 * the same moment adds to the balance after it: it is paid by the next batch). 409 when nothing
 * is ready. Audit-logged; nobody is notified until a line is marked.
 */
async function runBatch(
  tx: Db,
  settings: PayoutSettings,
  kind: PayoutKind,
  { operator, now }: { operator: Operator; now: Date },
): Promise<PayoutBatchView> {
  await lockBatchRuns(tx, kind);
  const { ready } = kind === "PAYOUT" ? await payoutsNow(tx, settings.config.payoutMinimumCentavos, now) : await refundsNow(tx, now);
  // Refunds: only those still DUE once locked (the batch lock already keeps other runs out).
  const sending =
    kind === "REFUND"
      ? await markRefundsSending(
          tx,
          ready.map((item) => item.refundId!),
        )
      : null;
  const included = sending ? ready.filter((item) => sending.has(item.refundId!)) : ready;
  if (included.length === 0) throw conflict(kind === "PAYOUT" ? MSG.payoutNothingReady : MSG.refundNothingReady);

  const batch = await insertBatch(tx, { kind, createdBy: operator.id, createdAt: now });
  const lines = await insertLines(
    tx,
    included.map((item): NewPayoutLine => ({
      batchId: batch.id,
      kind,
      payeeId: item.payeeId,
      accountId: item.accountId,
      refundId: item.refundId,
      amountCentavos: item.amountCentavos,
      destination: item.destination,
    })),
  );
  const word = KIND_WORD[kind];
  for (const line of lines) {
    const posted = await postEntry(tx, {
      kind: kind === "PAYOUT" ? "PAYOUT_BATCHED" : "REFUND_BATCHED",
      eventKey: `${word.toLowerCase()}-batched:${line.id}`,
      memo: `${word} batch ${batch.number}: ${formatCentavos(line.amountCentavos)} to ${payoutDestinationText(line.destination as PayoutDestination)}`,
      at: now,
      refundId: line.refundId,
      payoutLineId: line.id,
      actorId: operator.id,
      lines: [
        { account: await sourceOf(tx, kind, line.accountId), amount: line.amountCentavos },
        { account: IN_TRANSIT[kind], amount: -line.amountCentavos },
      ],
    });
    if (!posted) throw new Error(`Line ${line.id} was already batched`);
  }
  const total = lines.reduce((sum, line) => sum + line.amountCentavos, 0);
  await recordAudit(tx, {
    actorId: operator.id,
    action: kind === "PAYOUT" ? "payout.batch.run" : "refund.batch.run",
    entityType: "payoutBatch",
    entityId: batch.id,
    before: null,
    after: { number: batch.number, lines: lines.length, totalCentavos: total },
    at: now,
  });
  return (await batchView(tx, batch.id))!;
}

/** A payout batch, in the caller's transaction: every available balance at or over the minimum whose payee's account is not on hold. */
export const runPayoutBatch = (tx: Db, settings: PayoutSettings, run: { operator: Operator; now: Date }) => runBatch(tx, settings, "PAYOUT", run);

/** A refund batch, in the caller's transaction: every refund due whose client's refund account is not on hold. */
export const runRefundBatch = (tx: Db, settings: PayoutSettings, run: { operator: Operator; now: Date }) => runBatch(tx, settings, "REFUND", run);

export interface PayoutLineDecided {
  line: PayoutBatchView["lines"][number];
  /** The payee's notification, announced after commit (null when the payee is gone). */
  notice: NotificationRow | null;
}

/**
 * An operator marks one line, in the caller's transaction: SENT with the transfer's reference
 * (the money left the platform's account), or FAILED with why (it is back in the payee's balance,
 * or the refund is due again, for the next batch). The line's row is locked first, so two
 * operators marking it queue and the second is refused (409). Audit-logged; the payee is
 * notified and emailed. `publishPayoutLineDecision` after commit.
 */
export async function decidePayoutLine(
  tx: Db,
  app: FastifyInstance,
  { lineId, decision, operator, now }: { lineId: string; decision: PayoutLineDecision; operator: Operator; now: Date },
): Promise<PayoutLineDecided> {
  const line = await lineById(tx, lineId, { lock: true });
  if (!line) throw notFound(MSG.payoutLineNotFound);
  if (line.state !== "PENDING") throw conflict(MSG.payoutLineDecided);
  const batch = (await batchById(tx, line.batchId))!;
  const sent = decision.state === "SENT";
  const decided = await decideLine(tx, line.id, {
    state: decision.state,
    transferReference: sent ? decision.transferReference : null,
    failureReason: sent ? null : decision.failureReason,
    decidedBy: operator.id,
    decidedAt: now,
  });
  const word = KIND_WORD[line.kind];
  const amount = line.amountCentavos;
  const posted = await postEntry(tx, {
    kind: `${line.kind}_${decision.state}` as const,
    eventKey: `${word.toLowerCase()}-${sent ? "sent" : "failed"}:${line.id}`,
    memo: sent
      ? `${word} batch ${batch.number}: ${formatCentavos(amount)} sent, transfer reference ${decision.transferReference}`
      : `${word} batch ${batch.number}: ${formatCentavos(amount)} not sent (${decision.failureReason}), back in the balance`,
    at: now,
    refundId: line.refundId,
    payoutLineId: line.id,
    actorId: operator.id,
    lines: [
      { account: IN_TRANSIT[line.kind], amount },
      { account: sent ? "cash" : await sourceOf(tx, line.kind, line.accountId), amount: -amount },
    ],
  });
  // The line's lock serializes its decisions: a second post here would be a bug.
  if (!posted) throw new Error(`Line ${line.id} was already decided on the ledger`);
  if (line.refundId) await setRefundState(tx, line.refundId, sent ? "SENT" : "DUE", sent ? now : null);
  await recordAudit(tx, {
    actorId: operator.id,
    action: sent ? "payout.line.sent" : "payout.line.failed",
    entityType: "payoutLine",
    entityId: line.id,
    before: { batch: batch.number, kind: line.kind, state: line.state, amountCentavos: amount },
    after: {
      batch: batch.number,
      kind: line.kind,
      state: decided.state,
      transferReference: decided.transferReference,
      failureReason: decided.failureReason,
    },
    at: now,
  });

  const notice = await tellPayee(tx, app, decided.payeeId, line.id, {
    kind: line.kind,
    amountCentavos: amount,
    destination: line.destination as PayoutDestination,
    outcome: sent ? { state: "SENT", transferReference: decision.transferReference } : { state: "FAILED", failureReason: decision.failureReason },
  });
  const [view] = await linesWithParties(tx, { lineId: line.id });
  return { line: lineView(view!), notice };
}

/** The payee's notification and email of a marked line, in the transaction; nothing for a payee who is gone. */
async function tellPayee(tx: Db, app: FastifyInstance, payeeId: string | null, lineId: string, transfer: Parameters<typeof transferText>[0]) {
  const payee = await payeeOf(tx, payeeId);
  if (!payee) return null;
  await queueEmails(tx, [transferEmail(siteUrl(app), payee, transfer)]);
  return createNotification(tx, {
    userId: payee.id,
    type: "SYSTEM",
    title: transferTitle(transfer),
    content: transferText(transfer),
    entityId: lineId,
  });
}

/** After commit: the payee's notification to their tabs, and the email queue woken. */
export async function publishPayoutLineDecision(app: FastifyInstance, decided: PayoutLineDecided) {
  if (!decided.notice) return;
  app.emailQueue.kick();
  await announce(app, decided.notice);
}
