import { notFound } from "./errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path; anything that cannot be an id is simply not found. */
export function pathId(value: string, notFoundMessage: string): string {
  if (!UUID.test(value)) throw notFound(notFoundMessage);
  return value.toLowerCase();
}
