import { MSG } from "@vam/shared";
import type { ZodType, z } from "zod";
import type { ActionResult } from "./actions";

/**
 * The JSON body a fetcher submitted with `encType: "application/json"`, parsed with `schema` (the
 * shared request schema the server validates with, or the action's own from shared pieces). A body
 * that does not parse is refused as the server would refuse it: 400, the first problem's message
 * and field. The action answers that refusal as it is (`if (!body.ok) return body`).
 * Its own module, apart from `lib/actions.ts` (which the app's first chunk holds): only route actions,
 * in their lazy chunks, load it. Only zod's types are imported: a schema brings its own zod.
 */
export async function jsonBody<S extends ZodType>(request: Request, schema: S): Promise<ActionResult<z.output<S>>> {
  return jsonText(await request.text(), schema);
}

/** JSON text parsed with `schema`, refused as `jsonBody` refuses (a form's field that carries JSON). */
export function jsonText<S extends ZodType>(text: string, schema: S): ActionResult<z.output<S>> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: MSG.invalidJson };
  }
  return parseBody(value, schema);
}

/** `value` parsed with `schema`, or refused as `jsonBody` refuses (for a body read in parts: an envelope, then what it carries). */
export function parseBody<S extends ZodType>(value: unknown, schema: S): ActionResult<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".");
  return { ok: false, status: 400, message: issue?.message ?? MSG.serverError, ...(field && { field }) };
}
