import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.js";
import { writeWhole } from "../partial-files.js";

/** One message as the queue hands it to the mailer. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
  headers: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the message was accepted (by the SMTP server, or written to the outbox folder). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** How long one SMTP conversation may take; the queue's lease on a message is longer. */
export const SMTP_TIMEOUT_MS = 30_000;

/** The links of a message's plain text, for the log of a fresh install without a mail server. */
const linksOf = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise the same message, built by
 * nodemailer, is written to `DATA_DIR/outbox/<time>-<id>.eml` and its links are logged.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const compose = (message: MailMessage) => ({
    from: config.smtpFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: `<${message.id}@va-marketplace>`,
    // A binary file (a PDF) is stored base64: nodemailer decodes it with the encoding.
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
      ...(file.encoding && { encoding: file.encoding }),
    })),
  });

  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message) {
        await smtp.sendMail(compose(message));
      },
      close: () => smtp.close(),
    };
  }

  const folder = path.join(config.dataDir, "outbox");
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(message) {
      const built = await builder.sendMail(compose(message));
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.id}.eml`;
      const file = path.join(folder, name);
      // Whole or not at all: written under a partial name, then given its own, so a backup taken
      // meanwhile never copies half a message (it leaves partial files out: backup/files.ts).
      await writeWhole(file, built.message as Buffer);
      // Not the address or the subject (names): logs carry no personal data (decision 0002). The
      // links are what a fresh install needs to go on (decisions.md: "its links are logged").
      log.info({ emailId: message.id, file, links: linksOf(message.text) }, "email written to the outbox folder (no SMTP_URL)");
    },
    close: () => builder.close(),
  };
}
