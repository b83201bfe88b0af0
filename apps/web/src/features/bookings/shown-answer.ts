import type { Result } from "../../lib/result";

/** What a place fed by a fetcher shows: nothing chosen yet, the loading text, the answer, or the failure text. */
export type Shown<T> = { state: "idle" } | { state: "loading" } | { state: "ready"; data: T } | { state: "failed" };

/**
 * What to show of a fetcher's answer for the choice on screen (`isFor`, null while nothing is
 * chosen): an answer for that choice is shown also while it is read again (after a write, on a
 * socket event), so the place does not flicker back to its loading text; an answer for an earlier
 * choice never is. Pure, tested in apps/web/test/shown-answer.test.ts.
 */
export function shownAnswer<T>(fetcher: { state: string; data?: Result<T> | undefined }, isFor: ((data: T) => boolean) | null): Shown<T> {
  if (!isFor) return { state: "idle" };
  const { data } = fetcher;
  if (data?.ok && isFor(data.data)) return { state: "ready", data: data.data };
  if (fetcher.state !== "idle" || !data) return { state: "loading" };
  return data.ok ? { state: "loading" } : { state: "failed" };
}
