import type { IncomingMessage } from "node:http";
import type { FastifyRequest, FastifyServerOptions } from "fastify";

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions["logger"]>, boolean>;

/**
 * What the logs may say about an error, a request and a response: never secrets or personal data.
 *
 * Database errors carry what was sent with them: Drizzle's message is the query text with its
 * bound parameters (a new user's password hash and email), PGlite attaches `query` and `params`,
 * PostgreSQL's `detail` repeats the failing row ("Key (email)=(…)") and its message may quote a
 * value. Redacting paths cannot reach inside a message string, so errors are rebuilt from a
 * short list of fields that never hold data: their type, the SQLSTATE code and the names of the
 * constraint, table and column, and the stack's frames without its first line (the message).
 */

/** The PostgreSQL fields of a driver error that name things, never hold values. */
const DATABASE_FIELDS = ["code", "severity", "constraint", "table", "column", "schema", "dataType", "routine"] as const;

type ErrorLike = Error & Record<string, unknown>;

const isSqlState = (code: unknown) => typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);

/** The error and its causes, outermost first. */
function chainOf(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; e && typeof e === "object" && chain.length < 10; e = (e as ErrorLike).cause) chain.push(e as ErrorLike);
  return chain;
}

/** An error from the database or the ORM: something in its cause chain has a SQLSTATE, a query or parameters. */
const isDatabaseError = (chain: ErrorLike[]) => chain.some((e) => isSqlState(e.code) || "query" in e || "params" in e);

/** The stack's "at …" lines: where it happened, without the message that heads it. */
const framesOf = (stack: unknown) =>
  typeof stack === "string"
    ? stack
        .split("\n")
        .filter((line) => line.trimStart().startsWith("at "))
        .join("\n")
    : "";

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** The error as the logs may show it (pino's `err` serializer). */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (error === null || typeof error !== "object") return { type: typeof error, message: "thrown value that is not an error", stack: "" };
  const e = error as ErrorLike;
  const type = e.constructor?.name && e.constructor.name !== "Object" ? e.constructor.name : "Error";
  const chain = chainOf(e);
  if (isDatabaseError(chain)) {
    // The driver's error (with the SQLSTATE) names what failed; the ORM's wrapper only adds the query.
    const source = chain.find((link) => isSqlState(link.code)) ?? chain.at(-1)!;
    const fields: Record<string, string> = {};
    for (const field of DATABASE_FIELDS) if (typeof source[field] === "string") fields[field] = source[field];
    const named = [fields.code, fields.constraint ?? fields.table].filter(Boolean).join(" on ");
    return {
      type,
      message: `database error${named ? ` ${named}` : ""}`,
      ...fields,
      stack: framesOf(e.stack),
    };
  }
  const cause = depth < 5 && e.cause !== undefined && e.cause !== null ? safeError(e.cause, depth + 1) : undefined;
  return {
    type,
    message: typeof e.message === "string" ? e.message : "",
    code: typeof e.code === "string" ? e.code : undefined,
    statusCode: typeof e.statusCode === "number" ? e.statusCode : undefined,
    stack: typeof e.stack === "string" ? e.stack : "",
    cause,
  };
}

/** The request as the logs may show it: the path without its query string (searches may hold names or emails). */
export function safeRequest(request: FastifyRequest | IncomingMessage) {
  const url = request.url ?? "";
  const queryAt = url.indexOf("?");
  const fastify = "routeOptions" in request ? request : undefined;
  return {
    method: request.method,
    url: queryAt === -1 ? url : `${url.slice(0, queryAt)}?…`,
    route: fastify?.routeOptions.url,
    remoteAddress: fastify?.ip ?? request.socket?.remoteAddress,
  };
}

/** The pino options of the server's logger. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: safeError, error: safeError, req: safeRequest },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "password", "*.password", "token", "*.token"], censor: "[redacted]" },
    hooks: {
      // `log.error(error)` would make the error's message the line's message: keep only the serialized error.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        if (first instanceof Error) {
          return method.apply(this, [{ err: first }, typeof second === "string" ? second : "error"] as never);
        }
        return method.apply(this, args);
      },
    },
  };
}
