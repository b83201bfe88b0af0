import type { Db } from "../db/client.js";
import { emailOutbox } from "../db/schema.js";

/** An email to queue; `kind` is an EMAIL_KINDS value, or "reset" / "verify" for account emails. */
export interface OutgoingEmail {
  userId: string | null;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** `content` is the text itself, or with `encoding: "base64"` the file's bytes in base64 (a PDF). */
  attachments?: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
  headers?: Record<string, string>;
}

/**
 * Queues emails in the caller's transaction: they exist exactly when the change that caused them
 * commits, and are sent later by the queue (queue.ts), so sending never slows or fails a request.
 * The caller kicks `app.emailQueue` after commit.
 */
export async function queueEmails(db: Db, emails: OutgoingEmail[]) {
  if (emails.length === 0) return;
  await db.insert(emailOutbox).values(
    emails.map((email) => ({
      userId: email.userId,
      toAddress: email.to,
      kind: email.kind,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      attachments: email.attachments ?? [],
      headers: email.headers ?? {},
    })),
  );
}
