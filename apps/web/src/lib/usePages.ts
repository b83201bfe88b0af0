import { useState } from "react";
import { useFetcher } from "react-router";
import type { Result } from "./result";

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

interface Shown<T> {
  items: T[];
  cursor: string | null;
  failed: boolean;
  /** The first item of the page added last (focus may move there). */
  added: T | null;
  /** The fetcher answer already taken in. */
  taken: unknown;
  /** What the load in flight asked for: the page after this cursor (null: the first page again). */
  after: string | null;
}

/**
 * A list shown a page at a time (docs/decisions/0004-data-loading-on-the-web.md): the first page
 * comes from the page's loader, the next ones from a data route that a fetcher loads when the
 * visitor asks (a button, the end of the list coming into view). Pages are added once, without
 * repeating an item; a failed page can be asked for again.
 */
export function usePages<T extends { id: string }>(first: Page<T> | null, href: (cursor: string | null) => string) {
  const fetcher = useFetcher<Result<Page<T>>>();
  const [shown, setShown] = useState<Shown<T>>({
    items: first?.items ?? [],
    cursor: first?.nextCursor ?? null,
    failed: first === null,
    added: null,
    taken: undefined,
    after: null,
  });

  // A page arrived: take it in once (adjusting state while rendering, as React advises for derived state).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== shown.taken) {
    if (answer.ok) {
      const base = shown.after ? shown.items : [];
      const seen = new Set(base.map((item) => item.id));
      const fresh = answer.data.items.filter((item) => !seen.has(item.id));
      setShown({
        ...shown,
        items: [...base, ...fresh],
        cursor: answer.data.nextCursor,
        failed: false,
        added: shown.after ? (fresh[0] ?? null) : null,
        taken: answer,
      });
    } else {
      setShown({ ...shown, failed: true, taken: answer });
    }
  }

  const loading = fetcher.state !== "idle";
  /** The page after `after` (null: the first page again, after a failure). */
  const load = (after: string | null) => {
    if (loading) return;
    setShown((current) => ({ ...current, after, failed: false }));
    void fetcher.load(href(after));
  };

  return { items: shown.items, cursor: shown.cursor, failed: shown.failed, added: shown.added, loading, load };
}
