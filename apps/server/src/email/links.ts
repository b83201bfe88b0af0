import { createHmac } from "node:crypto";
import type { EmailKind } from "@vam/shared";
import type { FastifyInstance } from "fastify";

/**
 * The address users reach the site at: `PUBLIC_URL`, else this server's port on the host it
 * listens on (localhost when it listens on every address).
 */
export function siteUrl(app: FastifyInstance) {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/$/, "");
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : app.config.port;
  const host = ["0.0.0.0", "::", ""].includes(app.config.host) ? "localhost" : app.config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The signature of an unsubscribe link: an HMAC of the kind under the user's own key. */
export const unsubscribeSignature = (emailKey: string, kind: EmailKind) =>
  createHmac("sha256", emailKey).update(`unsubscribe:${kind}`).digest("base64url").slice(0, 32);

export function unsubscribeQuery(user: { id: string; emailKey: string }, kind: EmailKind) {
  return new URLSearchParams({ u: user.id, k: kind, t: unsubscribeSignature(user.emailKey, kind) }).toString();
}

/**
 * The page a person opens (`/unsubscribe?...`), and the headers of RFC 8058 one-click
 * unsubscribe: mail apps POST to the API address without opening anything.
 */
export function unsubscribeLinks(base: string, user: { id: string; emailKey: string }, kind: EmailKind) {
  const query = unsubscribeQuery(user, kind);
  const page = `${base}/unsubscribe?${query}`;
  const oneClick = `${base}/api/email/unsubscribe?${query}`;
  return { page, headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}
