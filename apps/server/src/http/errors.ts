import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MSG, type ApiError } from "@vam/shared";
import type { ZodError, ZodType } from "zod";

/** What a refusal may carry besides its message: what stood in the way. */
export type ErrorDetails = Pick<ApiError, "takenDates" | "bookings" | "bookedHolidays" | "upcomingBookings" | "line" | "headers">;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
/** A 409 that lists what stands in the way (taken dates, bookings). */
export const conflictWith = (message: string, details: ErrorDetails) => new HttpError(409, message, undefined, details);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);

/** A failed validation as the API answers it: the first problem's message, naming its field (400 unless said). */
export function issueError(error: ZodError, statusCode = 400): HttpError {
  const issue = error.issues[0]!;
  return new HttpError(statusCode, issue.message, issue.path.join(".") || undefined);
}

/** Validates input with a shared zod schema; the first problem becomes a 400 naming its field. */
export function parseWith<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw issueError(result.error);
}

type DriverError = { code?: unknown; constraint?: string; cause?: unknown } | null | undefined;

/** The PostgreSQL error behind a driver error, also when wrapped by the ORM. */
export function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e = error as DriverError; e; e = e.cause as DriverError) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
  }
  return undefined;
}

/** The constraint violations the code answers, by their PostgreSQL codes. */
const VIOLATIONS = { unique: "23505", foreignKey: "23503", exclusion: "23P01" } as const;
export type ViolationKind = keyof typeof VIOLATIONS;

/** Which constraint a database error violated, if it is a violation the code answers. */
export function violation(error: unknown): { kind: ViolationKind; constraint?: string } | undefined {
  const pg = pgError(error);
  const kind = (Object.keys(VIOLATIONS) as ViolationKind[]).find((key) => VIOLATIONS[key] === pg?.code);
  return kind && { kind, constraint: pg?.constraint };
}

/**
 * The one mapping from constraint violations to answers, for `.catch()`: the first rule whose
 * kind (and constraint, when named) matches is thrown; any other error is rethrown unchanged.
 */
export function rethrowViolation(...rules: { kind: ViolationKind; constraint?: string; answer: () => Error }[]) {
  return (error: unknown): never => {
    const found = violation(error);
    const rule = found && rules.find((r) => r.kind === found.kind && (!r.constraint || r.constraint === found.constraint));
    throw rule ? rule.answer() : error;
  };
}

/** Fastify's own refusals of a request, as the API words them. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MSG.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MSG.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MSG.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MSG.unsupportedMediaType },
};

/** Errors the router raises before any route (a malformed percent-encoding in the path). */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  reply.status(400).send({ message: MSG.badUrl });
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, field: error.field, ...error.details });
    }
    if (error.statusCode === 429) return reply.status(429).send({ message: error.message || MSG.tooManyRequests });
    const known = CLIENT_ERRORS[error.code];
    if (known) return reply.status(known.status).send({ message: known.message });
    // A body the JSON parser refused (also a prototype-poisoning key).
    if (error instanceof SyntaxError) return reply.status(400).send({ message: MSG.invalidJson });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    // The error's code and where, never its data: see ./logging.ts.
    request.log.error({ err: error, req: request }, "request failed");
    return reply.status(500).send({ message: MSG.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: MSG.notFound }));
}
