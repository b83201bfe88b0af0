import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  MSG,
  STATEMENT_PROPOSALS,
  adminPageSchema,
  confirmAllSchema,
  formatCentavos,
  paymentQrSettingSchema,
  qrPhPreviewSchema,
  setPaymentQrSchema,
  statementConfirmationSchema,
  statementImportSchema,
  statementLineSchema,
  statementLinesQuerySchema,
  statementMappingSchema,
  type StatementImport,
  type StatementProposal,
} from "@vam/shared";
import { currentUser, operatorsOnly, type UserRow } from "../session/authenticate.js";
import { recordAudit } from "../audit/record.js";
import { decidePayment, type PaymentDecided, publishPaymentDecision } from "../bookings/public.js";
import { bearer, documentedOnly, errorResponses, idParams } from "../http/contracts.js";
import { receiveForm } from "../http/multipart.js";
import { HttpError, badRequest, conflict, notFound } from "../http/errors.js";
import {
  type ColumnMapping,
  decidePaymentRow,
  headerSignature,
  type ParsedStatement,
  parseStatement,
  paymentById,
  platformQr,
  proposeMatches,
  qrPhRead,
  qrSetting,
  readQrFromImage,
  savePlatformQr,
  StatementError,
} from "../payments/public.js";
import { postExtraReceived } from "../ledger/public.js";
import { decodeQrPh, QrPhError } from "../qrph.js";
import {
  hasProof,
  hasWaitingBookings,
  importedFingerprints,
  insertImport,
  lineById,
  lineView,
  linesPage,
  markLineConfirmed,
  openLinesOf,
  paymentsToMatch,
  saveMapping,
  savedMapping,
  type NewStatementLine,
} from "./repository.js";

/** A statement file's size limit: 50,000 lines of a bank's export stay well under it. */
const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
/** A photo or screenshot of a QR code. */
const QR_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** One file of a form (and its text fields), or a 400 naming the missing file. */
async function receiveFile(request: FastifyRequest, fieldName: string, maxBytes: number, missing: string) {
  if (!request.isMultipart()) throw badRequest(missing, fieldName);
  const received = await receiveForm(request, fieldName, { fileSize: maxBytes });
  if (!received.file || received.file.length === 0) throw badRequest(missing, fieldName);
  return { ...received, file: received.file };
}

/** A QR Ph refusal as a 400 naming what is wrong. */
function qrRefusal(error: unknown): never {
  if (error instanceof QrPhError) throw badRequest(error.message, "text");
  throw error;
}

/** A statement refused as a whole: 400 with the line to blame, and the headers an unknown layout is mapped from. */
function statementRefusal(error: unknown): never {
  if (error instanceof StatementError) {
    throw new HttpError(400, error.message, "file", {
      ...(error.line !== null ? { line: error.line } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    });
  }
  throw error;
}

/**
 * The console's money pages (decisions.md, "Money"): the platform's QR Ph code, and reconciling
 * payments against the receiving account's statement. Operators only, every change audit-logged.
 */
export async function reconciliationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  operatorsOnly(app);
  const contract = <T extends object>(summary: string, parts: T) => ({ tags: ["admin"], summary, security: bearer, ...parts });
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...errorResponses });

  // The platform's static QR Ph code: what every payment's code is derived from.
  app.get(
    "/admin/payment-qr",
    { schema: contract("The platform's QR Ph code and where it comes from", { response: ok(paymentQrSettingSchema) }) },
    async () => qrSetting(await platformQr(app.db, app.config.paymentQrph)),
  );

  const setContract = contract("Set the platform's static QR Ph code (its text)", { body: setPaymentQrSchema, response: ok(paymentQrSettingSchema) });
  app.put("/admin/payment-qr", { schema: setContract }, async (request) => {
    const operator = currentUser(request);
    let code;
    try {
      code = decodeQrPh(request.body.text);
    } catch (error) {
      qrRefusal(error);
    }
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      const before = await platformQr(tx, app.config.paymentQrph);
      await savePlatformQr(tx, code, operator.id, now);
      await recordAudit(tx, {
        actorId: operator.id,
        action: "payment.qr.set",
        entityType: "setting",
        entityId: operator.id,
        before: { source: before.source, ...qrPhRead(before.code) },
        after: qrPhRead(code),
        at: now,
      });
    });
    return qrSetting(await platformQr(app.db, app.config.paymentQrph));
  });

  const readContract = contract("Read a QR Ph code from a photo or screenshot (not saved)", {
    consumes: ["multipart/form-data"],
    body: z.object({ image: z.file().describe("A photo or screenshot of the QR code (PNG, JPEG, WebP)") }),
    response: ok(qrPhPreviewSchema),
  });
  app.post("/admin/payment-qr/read", { schema: readContract, validatorCompiler: documentedOnly }, async (request) => {
    const received = await receiveFile(request, "image", QR_IMAGE_MAX_BYTES, MSG.uploadMissingFile);
    if (received.truncated) throw new HttpError(413, MSG.uploadTooLarge(QR_IMAGE_MAX_BYTES / (1024 * 1024)));
    try {
      const code = decodeQrPh(await readQrFromImage(received.file));
      return { payload: code.payload, read: qrPhRead(code) };
    } catch (error) {
      if (error instanceof QrPhError) throw badRequest(error.message, "image");
      throw error;
    }
  });

  // Importing the receiving account's history: proposals, never marks.
  const importContract = contract("Import the receiving account's statement (CSV): proposals, never marks", {
    consumes: ["multipart/form-data"],
    body: z.object({
      file: z.file().describe("The account's transaction history as CSV (GCash, Maya, BDO, UnionBank or a mapped layout)"),
      mapping: z.string().optional().describe("JSON: the columns of an unknown layout (date, amount or credit/debit, reference, sender)"),
    }),
    response: { 201: statementImportSchema, ...errorResponses },
  });
  app.post("/admin/statements", { schema: importContract, validatorCompiler: documentedOnly }, async (request, reply): Promise<StatementImport> => {
    const operator = currentUser(request);
    const received = await receiveFile(request, "file", STATEMENT_MAX_BYTES, MSG.statementFileMissing);
    if (received.truncated) throw new HttpError(413, MSG.statementFileTooLarge(STATEMENT_MAX_BYTES / (1024 * 1024)));
    const mapping = received.fields.mapping ? parseMapping(received.fields.mapping) : undefined;
    const parsed = await parseWithMapping(received.file, mapping);
    const now = app.clock.now();
    const fileName = (received.fileName ?? "statement.csv").slice(0, 200);
    const result = await app.db.transaction(async (tx) => {
      if (mapping) await saveMapping(tx, parsed.headerSignature, mapping, operator.id, now);
      // Money in only: a payment is proved by what arrived.
      const incoming = parsed.lines.filter((line) => line.amountCentavos > 0);
      const seen = await importedFingerprints(
        tx,
        incoming.map((line) => line.fingerprint),
      );
      const fresh = incoming.filter((line) => !seen.has(line.fingerprint));
      const times = fresh.map((line) => line.postedAt.getTime());
      const known = fresh.length
        ? await paymentsToMatch(
            tx,
            [...new Set(fresh.flatMap((line) => (line.reference ? [line.reference] : [])))],
            new Date(Math.min(...times)),
            new Date(Math.max(...times)),
          )
        : [];
      const proposals = proposeMatches(
        fresh,
        known.map((payment) => ({ ...payment, status: payment.state })),
      );
      const byFingerprint = new Map(proposals.map((proposal) => [proposal.fingerprint, proposal]));
      const lines: NewStatementLine[] = fresh.map((line) => {
        const proposal = byFingerprint.get(line.fingerprint);
        return {
          ...line,
          proposal: proposal?.kind ?? "unknown",
          proposedPaymentId: proposal?.paymentId ?? null,
          differenceCentavos: proposal?.differenceCentavos ?? null,
        };
      });
      const created = await insertImport(
        tx,
        {
          fileName,
          layout: parsed.layout,
          importedBy: operator.id,
          lineCount: incoming.length,
          skippedCount: incoming.length - fresh.length,
          createdAt: now,
        },
        lines,
      );
      const counts = Object.fromEntries(STATEMENT_PROPOSALS.map((kind) => [kind, lines.filter((line) => line.proposal === kind).length])) as Record<
        StatementProposal,
        number
      >;
      await recordAudit(tx, {
        actorId: operator.id,
        action: "statement.imported",
        entityType: "statementLine",
        entityId: created.id,
        before: null,
        after: { fileName, layout: parsed.layout, lines: incoming.length, skipped: incoming.length - fresh.length, proposals: counts },
        at: now,
      });
      return { id: created.id, skipped: incoming.length - created.written, lines: incoming.length, counts };
    });
    request.log.info({ importId: result.id, lines: result.lines, skipped: result.skipped }, "statement imported");
    return reply.status(201).send({
      id: result.id,
      fileName,
      layout: parsed.layout,
      lines: result.lines,
      skipped: result.skipped,
      proposals: result.counts,
      createdAt: now.toISOString(),
    });
  });

  /** Parses with the operator's mapping, or the one remembered for the file's headers. */
  async function parseWithMapping(bytes: Buffer, mapping: ColumnMapping | undefined): Promise<ParsedStatement> {
    try {
      return parseStatement(bytes, mapping ? { mapping } : {});
    } catch (error) {
      if (!(error instanceof StatementError) || error.reason !== "unknownLayout" || !error.headers) statementRefusal(error);
      const remembered = await savedMapping(app.db, headerSignature(error.headers));
      if (!remembered) statementRefusal(error);
      try {
        return parseStatement(bytes, { mapping: remembered });
      } catch (again) {
        statementRefusal(again);
      }
    }
  }

  const linesContract = contract("Imported statement lines: open proposals, or confirmed proofs", {
    querystring: statementLinesQuerySchema,
    response: ok(adminPageSchema(statementLineSchema)),
  });
  app.get("/admin/statements/lines", { schema: linesContract }, async (request) => {
    const { state, q, page } = request.query;
    const { items, total } = await linesPage(app.db, { state, q, page });
    return { items, total, page, pageSize: ADMIN_PAGE_SIZE };
  });

  const confirmContract = contract("Confirm a line's proposal: the payment marked received, or the line kept as its proof", {
    params: idParams(MSG.statementLineNotFound),
    response: ok(statementConfirmationSchema),
  });
  app.post("/admin/statements/lines/:id/confirm", { schema: confirmContract }, async (request) => {
    const operator = currentUser(request);
    const outcome = await confirmLine(request.params.id, operator);
    if (outcome.decided) await publishPaymentDecision(app, outcome.decided);
    const line = await lineView(app.db, request.params.id);
    return { line: line!, outcome: outcome.outcome, message: outcome.message };
  });

  const allContract = contract("Confirm every open line of one proposal (matched or likely)", {
    body: confirmAllSchema,
    response: ok(z.object({ confirmed: z.number(), message: z.string() })),
  });
  app.post("/admin/statements/confirm-all", { schema: allContract }, async (request) => {
    const operator = currentUser(request);
    let confirmed = 0;
    for (const id of await openLinesOf(app.db, request.body.proposal)) {
      // Each line in its own transaction: one that another operator confirmed meanwhile is skipped.
      try {
        const outcome = await confirmLine(id, operator);
        if (outcome.decided) await publishPaymentDecision(app, outcome.decided);
        if (outcome.outcome === "paid") confirmed++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      }
    }
    return { confirmed, message: MSG.statementConfirmedAll(confirmed) };
  });

  /**
   * Confirms one line's proposal in one transaction. The line's row is locked first: two operators
   * confirming it at once queue, and the second is refused (409). The payment's row is locked by
   * the decision, so two lines of one payment mark it once; the later one is kept as proof that it
   * was paid twice.
   */
  async function confirmLine(
    lineId: string,
    operator: UserRow,
  ): Promise<{ outcome: "paid" | "proofOnly" | "refundDue"; message: string; decided?: PaymentDecided }> {
    return app.db.transaction(async (tx) => {
      const line = await lineById(tx, lineId, { lock: true });
      if (!line) throw notFound(MSG.statementLineNotFound);
      if (line.confirmedAt) throw conflict(MSG.statementLineConfirmed);
      if (!line.proposedPaymentId || line.proposal === "unknown") throw conflict(MSG.statementNothingToConfirm);
      const payment = await paymentById(tx, line.proposedPaymentId, { lock: true });
      if (!payment) throw conflict(MSG.statementNothingToConfirm);
      const now = app.clock.now();
      const difference = line.amountCentavos - payment.amountCentavos;
      const proof = {
        statementLineId: line.id,
        postedAt: line.postedAt.toISOString(),
        amountCentavos: line.amountCentavos,
        bankReference: line.bankReference,
      };

      // Money that arrived beyond what the payment asked is in the receiving account and owed back.
      const owedBack = (amountCentavos: number, reason: "OVERPAID" | "PAID_TWICE" | "PAID_CLOSED") =>
        postExtraReceived(tx, { payment, amountCentavos, reason, eventKey: `statement:${line.id}`, at: now, actorId: operator.id });
      let result: { outcome: "paid" | "proofOnly" | "refundDue"; message: string; decided?: PaymentDecided };
      if (difference < 0) {
        // Short: the line is kept as proof of what arrived; the payment still waits for the rest.
        result = { outcome: "proofOnly", message: MSG.statementConfirmedShort(payment.reference, formatCentavos(-difference)) };
      } else if (line.proposal === "paidTwice" || (await hasProof(tx, payment.id))) {
        await owedBack(line.amountCentavos, "PAID_TWICE");
        result = { outcome: "refundDue", message: MSG.statementConfirmedTwice(payment.reference, formatCentavos(line.amountCentavos)) };
      } else if (payment.state === "PAID" && difference > 0) {
        // Marked received by hand, and more came than it asked.
        await owedBack(difference, "OVERPAID");
        result = { outcome: "refundDue", message: MSG.statementConfirmedOver(payment.reference, formatCentavos(difference)) };
      } else if (payment.state === "PAID") {
        // Marked received by hand before the statement came: this line is its proof.
        result = { outcome: "proofOnly", message: MSG.statementConfirmedProof(payment.reference) };
      } else if (payment.state === "UNVERIFIED" && (await hasWaitingBookings(tx, payment.id))) {
        const decided = await decidePayment(tx, app, { paymentId: payment.id, decision: "PAID", operator, now, proof });
        if (difference > 0) await owedBack(difference, "OVERPAID");
        result = {
          outcome: difference > 0 ? "refundDue" : "paid",
          message:
            difference > 0
              ? MSG.statementConfirmedOver(payment.reference, formatCentavos(difference))
              : MSG.statementConfirmedPaid(payment.reference),
          decided,
        };
      } else {
        // Money for bookings already cancelled (or never made, an abandoned payment step): received, and due back.
        await decidePaymentRow(tx, payment.id, "PAID", now);
        await owedBack(line.amountCentavos, "PAID_CLOSED");
        result = { outcome: "refundDue", message: MSG.statementConfirmedClosed(payment.reference) };
      }
      await markLineConfirmed(tx, line.id, payment.id, operator.id, now);
      await recordAudit(tx, {
        actorId: operator.id,
        action: "statement.confirmed",
        entityType: "statementLine",
        entityId: line.id,
        before: { proposal: line.proposal, reference: payment.reference, paymentState: payment.state },
        after: { outcome: result.outcome, ...proof, differenceCentavos: difference },
        at: now,
      });
      return result;
    });
  }
}

/** The mapping field of the import form: JSON of the chosen columns, else a 400. */
function parseMapping(text: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MSG.statementMappingInvalid, "mapping");
  }
  const parsed = statementMappingSchema.safeParse(value);
  if (!parsed.success || (!parsed.data.amount && !parsed.data.credit)) throw badRequest(MSG.statementMappingInvalid, "mapping");
  return parsed.data;
}
