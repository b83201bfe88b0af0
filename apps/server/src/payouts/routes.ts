import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MSG,
  isoDate,
  ledgerAccountHistorySchema,
  manilaInstant,
  payoutBatchSchema,
  payoutLineDecisionSchema,
  payoutLineSchema,
  payoutOverviewSchema,
  shiftDate,
  trialBalanceSchema,
  type LedgerAccountHistory,
  type PayoutKind,
  type TrialBalance,
} from "@vam/shared";
import { currentUser, operatorsOnly } from "../session/authenticate.js";
import { bearer, errorResponses, idParams } from "../http/contracts.js";
import { notFound } from "../http/errors.js";
import { type AccountBalance, accountBalances, accountById, accountHistory, normalSign, PLATFORM_ACCOUNTS } from "../ledger/public.js";
import { batchView, decidePayoutLine, payoutOverview, publishPayoutLineDecision, runPayoutBatch, runRefundBatch } from "./batches.js";
import { batchCsv, batchFileName, journalCsv } from "./files.js";
import { accountTotals } from "./repository.js";

/** Lines of one account's history shown at once (newest first); `from` and `to` reach further back. */
const HISTORY_LINES = 1000;

/** A Manila calendar day the database can hold one day past (so "to" can include the whole day). */
const day = isoDate.refine((date) => date < "9999-12-31", MSG.bookingDateInvalid);

/** `from` and `to`: Manila days, both included; either may be left out. */
const dayRangeQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((range) => !range.from || !range.to || range.to >= range.from, { message: MSG.timeOffRangeInvalid, path: ["to"] });

/** The instants of a day range: from the first day's midnight (Manila) to the midnight after the last. */
const instantsOf = (range: { from?: string; to?: string }) => ({
  from: range.from ? manilaInstant(range.from, "00:00") : undefined,
  to: range.to ? manilaInstant(shiftDate(range.to, 1), "00:00") : undefined,
});

const accountView = (account: AccountBalance) => ({
  id: account.id,
  code: account.code,
  kind: account.kind,
  name: account.name,
  ownerId: account.ownerId,
  balanceCentavos: account.balance,
  debitsCentavos: account.debits,
  creditsCentavos: account.credits,
});

/**
 * The console's money out (decisions.md, "Cancelling, refunds, fees and payouts"): payouts and
 * refunds (what is ready, batches, the bank file, marking each transfer) and the ledger (trial
 * balance, an account's history, the journal for the accountant). Operators only; every run and
 * mark audit-logged.
 */
export async function payoutRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  operatorsOnly(app);
  const contract = <T extends object>(summary: string, parts: T) => ({ tags: ["admin"], summary, security: bearer, ...parts });
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });
  const batchAnswer = z.object({ batch: payoutBatchSchema });

  const overview = (kind: PayoutKind, summary: string) => {
    const path = kind === "PAYOUT" ? "/admin/payouts" : "/admin/refunds";
    app.get(path, { schema: contract(summary, { response: ok(payoutOverviewSchema) }) }, async () =>
      payoutOverview(app.db, app, kind, app.clock.now()),
    );
  };
  overview("PAYOUT", "Balances a payout batch would pay now, those that wait and why, and the payout batches");
  overview("REFUND", "Refunds a refund batch would send now, those that wait and why, and the refund batches");

  const run = (kind: PayoutKind, summary: string) => {
    const path = kind === "PAYOUT" ? "/admin/payouts/batches" : "/admin/refunds/batches";
    app.post(path, { schema: contract(summary, { response: { 201: batchAnswer, ...errorResponses } }) }, async (request, reply) => {
      const operator = currentUser(request);
      const now = app.clock.now();
      const batch = await app.db.transaction((tx) => (kind === "PAYOUT" ? runPayoutBatch : runRefundBatch)(tx, app, { operator, now }));
      request.log.info({ batchId: batch.id, kind, lines: batch.lines.length, totalCentavos: batch.totalCentavos }, "payout batch run");
      return reply.status(201).send({ batch });
    });
  };
  run("PAYOUT", "Run a payout batch: every available balance at or over the minimum, to a payout account not on hold (409 when none)");
  run("REFUND", "Run a refund batch: every refund due, to a refund account not on hold (409 when none)");

  const batchParams = idParams(MSG.payoutBatchNotFound);
  const found = async (id: string) => {
    const batch = await batchView(app.db, id);
    if (!batch) throw notFound(MSG.payoutBatchNotFound);
    return batch;
  };
  app.get(
    "/admin/payouts/batches/:id",
    { schema: contract("A payout or refund batch and its lines", { params: batchParams, response: ok(batchAnswer) }) },
    async (request) => ({ batch: await found(request.params.id) }),
  );

  const csvContract = contract("A batch's lines still to send, as CSV for the bank's bulk transfer", {
    params: batchParams,
    produces: ["text/csv"],
    response: {
      200: z.string().describe("CSV: Line, Payee, Method, Bank, Account name, Account number, Amount, Reference to quote"),
      ...errorResponses,
    },
  });
  app.get("/admin/payouts/batches/:id/csv", { schema: csvContract }, async (request, reply) => {
    const batch = await found(request.params.id);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${batchFileName(batch)}"`)
      .header("cache-control", "no-store")
      .send(batchCsv(batch));
  });

  const decideContract = contract("Mark a line sent (with the transfer's reference) or failed (with why): the payee is notified", {
    params: idParams(MSG.payoutLineNotFound),
    body: payoutLineDecisionSchema,
    response: ok(z.object({ line: payoutLineSchema })),
  });
  app.put("/admin/payout-lines/:id", { schema: decideContract }, async (request) => {
    const operator = currentUser(request);
    const decided = await app.db.transaction((tx) =>
      decidePayoutLine(tx, app, { lineId: request.params.id, decision: request.body, operator, now: app.clock.now() }),
    );
    await publishPayoutLineDecision(app, decided);
    request.log.info({ lineId: decided.line.id, state: decided.line.state }, "payout line marked");
    return { line: decided.line };
  });

  // The ledger.
  app.get(
    "/admin/ledger",
    {
      schema: contract("The trial balance: every account that has lines, its debits, credits and balance, and the totals", {
        response: ok(trialBalanceSchema),
      }),
    },
    async (): Promise<TrialBalance> => {
      const accounts = (await accountBalances(app.db)).filter((account) => account.debits !== 0 || account.credits !== 0);
      const cash = accounts.find((account) => account.code === PLATFORM_ACCOUNTS.cash);
      return {
        accounts: accounts.map(accountView),
        totalDebitsCentavos: accounts.reduce((sum, account) => sum + account.debits, 0),
        totalCreditsCentavos: accounts.reduce((sum, account) => sum + account.credits, 0),
        cashCentavos: cash?.balance ?? 0,
      };
    },
  );

  const historyContract = contract(
    `One ledger account's balance and its lines, newest first, each signed as it moves the balance (at most ${HISTORY_LINES}; from and to are Manila days)`,
    {
      params: idParams(MSG.ledgerAccountNotFound),
      querystring: dayRangeQuery,
      response: ok(ledgerAccountHistorySchema),
    },
  );
  app.get("/admin/ledger/accounts/:id", { schema: historyContract }, async (request): Promise<LedgerAccountHistory> => {
    const account = await accountById(app.db, request.params.id);
    if (!account) throw notFound(MSG.ledgerAccountNotFound);
    const [totals, lines] = await Promise.all([
      accountTotals(app.db, account.id),
      accountHistory(app.db, account.id, { ...instantsOf(request.query), limit: HISTORY_LINES }),
    ]);
    const sign = normalSign(account.kind);
    return {
      account: accountView({ ...account, balance: sign * totals.sum, debits: totals.debits, credits: totals.credits }),
      lines: lines.map((line) => ({
        entryNumber: line.number,
        kind: line.kind,
        memo: line.memo,
        at: line.postedAt.toISOString(),
        // In the account's normal direction: what adds to its balance is positive, so the lines sum to it.
        amountCentavos: sign * line.amount,
        bookingId: line.bookingId,
        paymentId: line.paymentId,
      })),
    };
  });

  const journalContract = contract("Every journal line as CSV for the accountant (from and to are Manila days, both included)", {
    querystring: dayRangeQuery,
    produces: ["text/csv"],
    response: {
      200: z.string().describe("CSV: Entry, Posted at, Manila date, Kind, Memo, Event key, Account code, Account name, Debit, Credit"),
      ...errorResponses,
    },
  });
  app.get("/admin/ledger/journal.csv", { schema: journalContract }, async (request, reply) => {
    const { from, to } = request.query;
    const name = `journal${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv`;
    const stream = journalCsv(app.db, instantsOf(request.query), (error) => request.log.error({ err: error }, "journal export failed"));
    return (
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        // Piped as it is written: Fastify sends a stream as it comes, never through the contract's serializer.
        .send(stream as unknown as string)
    );
  });
}
