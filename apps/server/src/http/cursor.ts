import { MSG } from "@vam/shared";
import type { ZodType } from "zod";
import { badRequest } from "./errors.js";

/** A keyset cursor as the client receives it: opaque base64url JSON. */
export const encodeCursor = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

/**
 * The cursor the server wrote, checked against its shared schema (a real instant, a real id),
 * so that a crafted one is the 400 "This page of results no longer exists", never a database error.
 */
export function decodeCursor<T>(schema: ZodType<T>, raw: string): T {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, "base64url").toString());
  } catch {
    throw badRequest(MSG.invalidCursor, "cursor");
  }
  const result = schema.safeParse(decoded);
  if (!result.success) throw badRequest(MSG.invalidCursor, "cursor");
  return result.data;
}
