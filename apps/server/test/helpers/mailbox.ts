import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail["headers"];
  /** A header exactly as sent (unfolded), by its name in any case. */
  header(name: string): string | undefined;
  /** `contentType` without its parameters; `method` is the calendar part's METHOD parameter. */
  attachments: { filename?: string; contentType: string; method?: string; content: string }[];
  /** Every http(s) link of the plain text. */
  links: string[];
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Waits until a message matching `match` arrived (10 s at most) and answers it. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to `address`, in arrival order. */
  to(address: string): ReceivedMail[];
  /** While true, every message is refused (a mail server that is down for mail). */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (the `smtp-server` package); messages parsed by `mailparser`. */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const box: Mailbox = {
    url: "",
    received,
    refuse: false,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) {
          throw new Error(`no such message; received: ${JSON.stringify(received.map((mail) => [mail.to, mail.subject]))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (box.refuse) {
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({
              to,
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              messageId: mail.messageId ?? "",
              headers: mail.headers,
              header: (name) =>
                mail.headerLines
                  .find((line) => line.key === name.toLowerCase())
                  ?.line.replace(/^[^:]*:\s*/, "")
                  .replace(/\r?\n\s+/g, " "),
              attachments: mail.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                method: (file.headers.get("content-type") as { params?: Record<string, string> } | undefined)?.params?.method,
                content: file.content.toString("utf8"),
              })),
              links: (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [],
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  box.url = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return box;
}
