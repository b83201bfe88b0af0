import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MSG } from "@vam/shared";
import type { users } from "../db/schema.js";
import { HttpError } from "../http/errors.js";
import { findSessionUser, touchSession } from "./sessions.js";

export type UserRow = typeof users.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `authenticate` (always) or `identify` (when a live session's token was sent). */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    identify(request: FastifyRequest): Promise<void>;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Resolves the bearer token into `request.user`; the session is the only source of identity. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  app.decorate("authenticate", async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, MSG.unauthenticated);
    const found = await findSessionUser(app.db, token);
    if (!found) throw new HttpError(401, MSG.sessionExpired);
    request.user = found.user;
    request.sessionId = found.sessionId;
    await touchSession(app.db, found.sessionId, found.lastSeenAt);
  });

  // For public pages that differ for a signed-in viewer; a stale token just means a visitor.
  app.decorate("identify", async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const found = token ? await findSessionUser(app.db, token) : undefined;
    request.user = found?.user ?? null;
    request.sessionId = found?.sessionId ?? null;
  });
});

/** For handlers behind `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, MSG.unauthenticated);
  return request.user;
}

/**
 * Every route of the plugin scope `app` answers 401 without a session and 403 to anyone but an
 * operator, before its request is validated: nobody else learns anything about the contract.
 */
export function operatorsOnly(app: FastifyInstance) {
  app.addHook("preValidation", app.authenticate);
  app.addHook("preValidation", async (request) => {
    if (currentUser(request).role !== "Operator") throw new HttpError(403, MSG.operatorsOnly);
  });
}
