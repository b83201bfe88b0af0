import type { Db } from "../db/client.js";
import { auditLog } from "../db/schema.js";
import type { AuditEntityType } from "@vam/shared";

export type AuditAction =
  | "payment.qr.set"
  | "statement.imported"
  | "statement.confirmed"
  | "statement.mapped"
  | "payment.received"
  | "payment.rejected"
  | "user.suspended"
  | "user.restored"
  | "user.promoted"
  | "review.hidden"
  | "review.shown"
  | "booking.cancelled"
  | "payout.batch.run"
  | "refund.batch.run"
  | "payout.line.sent"
  | "payout.line.failed";

/** Records one operator action in the caller's transaction: who, what, before and after. */
export async function recordAudit(
  tx: Db,
  entry: {
    actorId: string;
    action: AuditAction;
    entityType: AuditEntityType;
    entityId: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.at,
  });
}
